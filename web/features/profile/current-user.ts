// The signed-in partner as the shell needs it. Loading the profile (GET /api/get, decrypted)
// belongs to the session issue: it will fill this query; until then there is no profile and the
// shell shows a neutral avatar.
import { skipToken, useQuery } from '@tanstack/react-query';
import type { AvatarSubject } from '../../../common/avatar';

export interface ShellUser extends AvatarSubject {
  uuid: string;
}

export const CURRENT_USER_QUERY_KEY = ['user'] as const;

export function useCurrentUser(): ShellUser | null {
  const { data } = useQuery<ShellUser | null>({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: skipToken });
  return data ?? null;
}
