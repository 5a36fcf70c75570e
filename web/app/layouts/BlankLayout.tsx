import { Outlet } from 'react-router';

/** No chrome: unsubscribe and social sign-in return pages. */
export function BlankLayout() {
  return (
    <div data-layout="blank" className="min-h-dvh">
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 py-10 text-center"
      >
        <Outlet />
      </main>
    </div>
  );
}
