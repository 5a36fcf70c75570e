// In-app navigation that does not need React Router: the light sign-in shell (app/light-sign-in.tsx)
// renders /login without the router, and its links and the move after sign-in go through this
// context. Inside the full app, RootRoute provides the router's navigate (decisions/015).
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export type NavigateTo = (to: string) => void;

const NavigationContext = createContext<NavigateTo>((to) => window.location.assign(to));

export const NavigationProvider = NavigationContext.Provider;

export function useNavigateTo(): NavigateTo {
  return useContext(NavigationContext);
}

/** Whether a click on a link is a plain one the app should handle (not a new tab, not a download). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self')
  );
}

/** A real `<a href>` (keyboard, middle click, copy link) whose plain clicks stay in the app. */
export function AppLink({
  to,
  onClick,
  ...rest
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const navigate = useNavigateTo();
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
