// When admins turn on the "required of every staff member" switch while someone without a
// second factor is at work, their next staff call answers 403 with `errors.two_factor`: the shell
// then reads who is signed in again, learns that enrolment is due, and takes them there.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isEnrolmentRequired } from './security-api';
import { MANAGER_ME_QUERY_KEY } from '../staff-session';

export function useEnrolmentGate(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (error: unknown) => {
      if (isEnrolmentRequired(error)) void queryClient.invalidateQueries({ queryKey: MANAGER_ME_QUERY_KEY });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
}
