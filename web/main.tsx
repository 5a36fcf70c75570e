import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// The toast stylesheet as a file: the CSP forbids the <style> tag react-toastify would inject.
import 'react-toastify/ReactToastify.css';
import './styles.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { applyTheme, initialTheme } from './lib/theme';

applyTheme(initialTheme());

const router = createAppRouter();
const queryClient = createQueryClient({ navigate: (path) => void router.navigate(path) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
