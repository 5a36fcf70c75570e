import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyTheme, initialTheme } from './lib/theme';

applyTheme(initialTheme());

const router = createAppRouter();
const queryClient = createQueryClient({ navigate: (path) => void router.navigate(path) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// English is bundled and ready at once; a remembered other language first loads its catalog,
// so no page ever shows in the wrong language.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
