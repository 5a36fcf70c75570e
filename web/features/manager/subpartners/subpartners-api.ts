// The staff sub-partners API (docs/product/partners-and-accounts.md#white-label-sub-partners, docs/product/back-office.md#partners): the list with its search, one sub-partner,
// creation, changes (with the `updated_at` the screen showed: a sub-partner changed since answers
// 409), and the logo's upload (the image's own bytes) and removal. Queries live under
// ['manager', 'subpartners'], so signing out forgets them; every call carries the staff token and
// errors are shown by the pages themselves (a staff 401 must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_IMAGE_TYPES } from '../../../../common/uploads';
import type { z } from 'zod';
import type {
  subpartnerAnswer,
  subpartnerRow,
  subpartnersAnswer,
} from '../../../../common/contracts/subpartners';
import { api, apiRequest, upload } from '../../../lib/api';
import { partnerKeys } from '../partners-api';

// The answers' types are the server's schemas (common/contracts/subpartners.ts), so a page or a
// test fixture that drifts from what the server sends does not compile.
export type Subpartner = z.infer<typeof subpartnerRow>;

/** What staff write: every field of the form. */
export interface SubpartnerFields {
  slug: string;
  name: string;
  primary_color: string;
  accent_color: string;
  welcome_en: string;
  welcome_fr: string;
  active: boolean;
}

export type SubpartnerState = 'active' | 'inactive';
export const SUBPARTNER_STATES: readonly SubpartnerState[] = ['active', 'inactive'];

export interface SubpartnersQuery {
  q: string;
  state: SubpartnerState | '';
  page: number;
}

export const SUBPARTNERS_LENGTH = 20;

export const subpartnerKeys = {
  all: ['manager', 'subpartners'] as const,
  lists: ['manager', 'subpartners', 'list'] as const,
  list: (query: SubpartnersQuery) => ['manager', 'subpartners', 'list', query] as const,
  detail: (id: number) => ['manager', 'subpartners', 'detail', id] as const,
};

const path = (id: number) => `/api/manager/subpartners/${id}`;

export function useSubpartners(query: SubpartnersQuery) {
  return useQuery({
    queryKey: subpartnerKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof subpartnersAnswer>>('/api/manager/subpartners', {
        auth: 'manager',
        signal,
        query: {
          q: query.q || undefined,
          active: query.state ? String(query.state === 'active') : undefined,
          page: query.page,
          length: SUBPARTNERS_LENGTH,
        },
      }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function useSubpartner(id: number) {
  return useQuery({
    queryKey: subpartnerKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof subpartnerAnswer>>(path(id), { auth: 'manager', signal })).data,
    // An edit starts from what the server has now: the form's base is this read.
    staleTime: 0,
    // Not behind the editor's back: a newer version read while someone types would move the
    // base the save is checked against, and silently undo a colleague's change.
    refetchOnWindowFocus: false,
    enabled: Number.isInteger(id) && id > 0,
    meta: { handlesErrors: true },
  });
}

/** After a change: the sub-partner as the server answered it, the lists, and the partners filter's choices. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (row?: Subpartner) => {
    if (row) queryClient.setQueryData(subpartnerKeys.detail(row.id), row);
    void queryClient.invalidateQueries({ queryKey: subpartnerKeys.lists });
    void queryClient.invalidateQueries({ queryKey: partnerKeys.filters });
  };
}

export function useCreateSubpartner() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (fields: SubpartnerFields) =>
      (
        await api.post<z.infer<typeof subpartnerAnswer>>('/api/manager/subpartners', fields, {
          auth: 'manager',
        })
      ).data,
    onSuccess: (row) => refresh(row),
    meta: { handlesErrors: true },
  });
}

export function useUpdateSubpartner(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (changes: Partial<SubpartnerFields> & { base_updated_at: string }) =>
      (
        await apiRequest<z.infer<typeof subpartnerAnswer>>(path(id), {
          method: 'PATCH',
          body: changes,
          auth: 'manager',
        })
      ).data,
    onSuccess: (row) => refresh(row),
    meta: { handlesErrors: true },
  });
}

/**
 * Sends the file's bytes as they are (not a form): the server judges them by their content, so a
 * type the browser cannot name goes as application/octet-stream and the server decides.
 */
export async function uploadLogo(id: number, file: Blob): Promise<Subpartner> {
  const type = (UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)
    ? file.type
    : 'application/octet-stream';
  return (await upload<z.infer<typeof subpartnerAnswer>>(`${path(id)}/logo`, file, { auth: 'manager', type }))
    .data;
}

export function useUploadLogo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: Blob }) => uploadLogo(id, file),
    onSuccess: (row) => refresh(row),
    meta: { handlesErrors: true },
  });
}

export function useRemoveLogo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.delete<z.infer<typeof subpartnerAnswer>>(`${path(id)}/logo`, { auth: 'manager' })).data,
    onSuccess: (row) => refresh(row),
    meta: { handlesErrors: true },
  });
}
