// The staff sub-partners API (docs/product/partners-and-accounts.md#white-label-sub-partners, docs/product/back-office.md#partners): the list with its search, one sub-partner,
// creation, changes (with the `updated_at` the screen showed: a sub-partner changed since answers
// 409), and the logo's upload (the image's own bytes) and removal. Queries live under
// ['manager', 'subpartners'], so signing out forgets them; every call carries the staff token and
// errors are shown by the pages themselves (a staff 401 must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPLOAD_IMAGE_TYPES } from '../../../../common/uploads';
import { api, apiRequest, upload, type Paged } from '../../../lib/api';
import { partnerKeys } from '../partners-api';

export interface Subpartner {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
  primary_color: string;
  accent_color: string;
  welcome_en: string;
  welcome_fr: string;
  active: boolean;
  created_at: string;
  updated_at: string;
  /** Partners who came through it, suspended ones too. */
  partners_count: number;
}

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
      api.get<Paged<Subpartner>>('/api/manager/subpartners', {
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
      (await api.get<{ data: Subpartner }>(path(id), { auth: 'manager', signal })).data,
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
      (await api.post<{ data: Subpartner }>('/api/manager/subpartners', fields, { auth: 'manager' })).data,
    onSuccess: (row) => refresh(row),
    meta: { handlesErrors: true },
  });
}

export function useUpdateSubpartner(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (changes: Partial<SubpartnerFields> & { base_updated_at: string }) =>
      (await apiRequest<{ data: Subpartner }>(path(id), { method: 'PATCH', body: changes, auth: 'manager' }))
        .data,
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
  return (await upload<{ data: Subpartner }>(`${path(id)}/logo`, file, { auth: 'manager', type })).data;
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
      (await api.delete<{ data: Subpartner }>(`${path(id)}/logo`, { auth: 'manager' })).data,
    onSuccess: (row) => refresh(row),
    meta: { handlesErrors: true },
  });
}
