// What the first account page of a visit shows before anything else, asked for as soon as the
// account's guard has let the visit in: while the shell's and the page's code are still on their
// way. The page then renders once with its figures (the router renders it as a transition, in
// slices), instead of rendering empty and again as each answer arrives, in long tasks a phone cannot
// answer a tap during (docs/performance.md). The same query options as the hooks that read them:
// an answer already cached is not asked for again.
import type { QueryClient } from '@tanstack/react-query';
import { bellQuery } from '../notifications/notifications-api';
import { badgesQuery, currentUserQuery } from '../profile/current-user';
import { summaryQuery, totalsQuery } from '../sales/sales-api';

const isDashboard = (pathname: string) => /^\/account\/?$/.test(pathname);

export function prefetchAccountPage(queryClient: QueryClient, pathname: string): void {
  // The shell: the profile (name, avatar, code), the badges and the bell.
  void queryClient.prefetchQuery(currentUserQuery);
  void queryClient.prefetchQuery(badgesQuery);
  void queryClient.prefetchQuery(bellQuery);
  if (isDashboard(pathname)) {
    void queryClient.prefetchQuery(summaryQuery);
    void queryClient.prefetchQuery(totalsQuery);
  }
}
