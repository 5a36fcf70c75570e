import { Outlet } from 'react-router';
import { SignInSplitFrame } from './SignInSplitFrame';

/** Sign-in layout 1 as a route: the split frame around the page. */
export function SignInSplitLayout() {
  return (
    <SignInSplitFrame>
      <Outlet />
    </SignInSplitFrame>
  );
}
