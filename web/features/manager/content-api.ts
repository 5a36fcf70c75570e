// The staff content API (docs/product/content.md#staff-edits, docs/product/back-office.md; notes/content-api.md): talking points and pages per
// locale with their versions, the Grab and Go gallery and the caption check's competitor list.
// Every call carries the staff token; every query lives under ['manager', 'content', ...] so
// signing out forgets it. The pages show errors themselves (a staff 401 must not end the
// partner's session), hence `handlesErrors` everywhere.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PageContent, ProductContent } from '../../../common/content';
import type {
  competitorList,
  entryAnswer,
  staffGalleryAnswer,
  staffGalleryImage,
  staffGalleryImageAnswer,
  staffPagesAnswer,
  staffProductsAnswer,
  textMeta,
  textSource,
  versionAnswer,
  versionRow,
} from '../../../common/contracts/content';
import type { Locale } from '../../../common/i18n';
import { api, ApiError, apiRequest, upload } from '../../lib/api';

export type ContentSource = z.infer<typeof textSource>;

/** One locale of one product or page, as the lists show it (a locale without a text yet is null). */
export type LocaleMeta = z.infer<typeof textMeta>;
export type ProductRow = z.infer<typeof staffProductsAnswer>['data'][number];
export type PageRow = z.infer<typeof staffPagesAnswer>['data'][number];
export type VersionSummary = z.infer<typeof versionRow>;

/** The current text of one product or page in one locale, with its versions (newest first). */
type EntryAnswer<Body> = z.infer<ReturnType<typeof entryAnswer<z.ZodType<Body>>>>;
export type Entry<Body> = EntryAnswer<Body>['data'];
type VersionAnswer<Body> = z.infer<ReturnType<typeof versionAnswer<z.ZodType<Body>>>>;
export type VersionBody<Body> = VersionAnswer<Body>['data'];

export type StaffGalleryImage = z.infer<typeof staffGalleryImage>;

/** What can be edited by versions: the talking points of a product, or a page. */
export type EntryKind = 'products' | 'pages';
export type BodyOf<Kind extends EntryKind> = Kind extends 'products' ? ProductContent : PageContent;
type RowOf<Kind extends EntryKind> = Kind extends 'products' ? ProductRow : PageRow;

export const contentKeys = {
  all: ['manager', 'content'] as const,
  list: (kind: EntryKind) => ['manager', 'content', kind, 'list'] as const,
  entry: (kind: EntryKind, id: string, locale: Locale) => ['manager', 'content', kind, id, locale] as const,
  version: (kind: EntryKind, id: string, locale: Locale, version: number) =>
    ['manager', 'content', kind, id, locale, 'version', version] as const,
  gallery: ['manager', 'content', 'gallery'] as const,
  competitors: ['manager', 'content', 'competitors'] as const,
};

const base = '/api/manager/content';
export const entryPath = (kind: EntryKind, id: string, locale: Locale) =>
  `${base}/${kind}/${encodeURIComponent(id)}/${locale}`;

export function useEntryList<Kind extends EntryKind>(kind: Kind) {
  return useQuery({
    queryKey: contentKeys.list(kind),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: RowOf<Kind>[] }>(`${base}/${kind}`, { auth: 'manager', signal })).data,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

/**
 * The current text. Never refetched behind the editor's back: the editor keeps the version its
 * draft started from, and a newer one arrives only when the staff member asks (reload, restore).
 */
export function useEntry<Kind extends EntryKind>(kind: Kind, id: string, locale: Locale) {
  return useQuery({
    queryKey: contentKeys.entry(kind, id, locale),
    queryFn: async ({ signal }) =>
      (await api.get<EntryAnswer<BodyOf<Kind>>>(entryPath(kind, id, locale), { auth: 'manager', signal }))
        .data,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { handlesErrors: true },
  });
}

export function useVersion<Kind extends EntryKind>(
  kind: Kind,
  id: string,
  locale: Locale,
  version: number | null,
) {
  return useQuery({
    queryKey: contentKeys.version(kind, id, locale, version ?? 0),
    queryFn: async ({ signal }) =>
      (
        await api.get<VersionAnswer<BodyOf<Kind>>>(
          `${entryPath(kind, id, locale)}/versions/${version ?? 0}`,
          { auth: 'manager', signal },
        )
      ).data,
    // A past version never changes.
    staleTime: Infinity,
    enabled: version !== null,
    meta: { handlesErrors: true },
  });
}

/** After a save or a restore: the answer is the entry's new state, and the list's versions moved. */
function entryWritten<Kind extends EntryKind>(
  queryClient: QueryClient,
  kind: Kind,
  id: string,
  locale: Locale,
) {
  return (entry: Entry<BodyOf<Kind>>) => {
    queryClient.setQueryData(contentKeys.entry(kind, id, locale), entry);
    void queryClient.invalidateQueries({ queryKey: contentKeys.list(kind) });
  };
}

/** Saves a draft held to the version it started from: the server answers 409 when it moved. */
export function useSaveEntry<Kind extends EntryKind>(kind: Kind, id: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, baseVersion }: { body: BodyOf<Kind>; baseVersion: number }) =>
      (
        await api.put<EntryAnswer<BodyOf<Kind>>>(
          entryPath(kind, id, locale),
          { body, base_version: baseVersion },
          { auth: 'manager' },
        )
      ).data,
    onSuccess: entryWritten(queryClient, kind, id, locale),
    meta: { handlesErrors: true },
  });
}

/** Makes a past version the current one (a new version, source `restore`). */
export function useRestoreVersion<Kind extends EntryKind>(kind: Kind, id: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ version, baseVersion }: { version: number; baseVersion: number }) =>
      (
        await api.post<EntryAnswer<BodyOf<Kind>>>(
          `${entryPath(kind, id, locale)}/versions/${version}/restore`,
          { base_version: baseVersion },
          { auth: 'manager' },
        )
      ).data,
    onSuccess: entryWritten(queryClient, kind, id, locale),
    meta: { handlesErrors: true },
  });
}

// ---------------------------------------------------------------------------------------------
// Grab and Go

export function useGallery() {
  return useQuery({
    queryKey: contentKeys.gallery,
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof staffGalleryAnswer>>(`${base}/gallery`, { auth: 'manager', signal }))
        .data,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

/** The server refuses anything larger (docs/product/content.md#staff-edits); checked here first for a quick answer. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const SENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface UploadDetails {
  product: string | null;
  tags: string[];
  alt: { en: string; fr: string };
}

/**
 * Sends the file's bytes as they are (not a form): the server checks them by their content, so a
 * type the browser cannot name goes as application/octet-stream and the server decides.
 */
export async function uploadGalleryImage(file: Blob, details: UploadDetails): Promise<StaffGalleryImage> {
  const answer = await upload<z.infer<typeof staffGalleryImageAnswer>>(`${base}/gallery`, file, {
    auth: 'manager',
    type: SENT_TYPES.includes(file.type) ? file.type : 'application/octet-stream',
    query: {
      product: details.product ?? '',
      tags: details.tags.join(','),
      alt_en: details.alt.en,
      alt_fr: details.alt.fr,
    },
  });
  return answer.data;
}

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, details }: { file: Blob; details: UploadDetails }) =>
      uploadGalleryImage(file, details),
    onSuccess: (image) => {
      queryClient.setQueryData<StaffGalleryImage[]>(contentKeys.gallery, (images) =>
        images ? [...images, image] : [image],
      );
      void queryClient.invalidateQueries({ queryKey: contentKeys.gallery });
    },
    meta: { handlesErrors: true },
  });
}

export interface ImageChanges {
  product?: string | null;
  tags?: string[];
  alt?: { en: string; fr: string };
}

export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: ImageChanges }) =>
      (
        await apiRequest<z.infer<typeof staffGalleryImageAnswer>>(`${base}/gallery/${id}`, {
          method: 'PATCH',
          body: changes,
          auth: 'manager',
        })
      ).data,
    onSuccess: (image) =>
      queryClient.setQueryData<StaffGalleryImage[]>(contentKeys.gallery, (images) =>
        images?.map((each) => (each.id === image.id ? image : each)),
      ),
    meta: { handlesErrors: true },
  });
}

/** Sends the whole order (every id once); the grid shows it at once and goes back if refused. */
export function useReorderGallery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (
        await api.put<z.infer<typeof staffGalleryAnswer>>(
          `${base}/gallery/order`,
          { ids },
          { auth: 'manager' },
        )
      ).data,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: contentKeys.gallery });
      const before = queryClient.getQueryData<StaffGalleryImage[]>(contentKeys.gallery);
      if (before) {
        const byId = new Map(before.map((image) => [image.id, image]));
        queryClient.setQueryData(
          contentKeys.gallery,
          ids.flatMap((id) => byId.get(id) ?? []),
        );
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(contentKeys.gallery, context.before);
    },
    onSuccess: (images) => queryClient.setQueryData(contentKeys.gallery, images),
    meta: { handlesErrors: true },
  });
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(`${base}/gallery/${id}`, { auth: 'manager' });
      return id;
    },
    onSuccess: (id) =>
      queryClient.setQueryData<StaffGalleryImage[]>(contentKeys.gallery, (images) =>
        images?.filter((image) => image.id !== id),
      ),
    meta: { handlesErrors: true },
  });
}

// ---------------------------------------------------------------------------------------------
// The caption check's competitor names

export function useCompetitors() {
  return useQuery({
    queryKey: contentKeys.competitors,
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof competitorList>>(`${base}/competitors`, { auth: 'manager', signal })).data
        .names,
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
}

export function useSaveCompetitors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (names: string[]) =>
      (await api.put<z.infer<typeof competitorList>>(`${base}/competitors`, { names }, { auth: 'manager' }))
        .data.names,
    onSuccess: (names) => queryClient.setQueryData(contentKeys.competitors, names),
    meta: { handlesErrors: true },
  });
}

// ---------------------------------------------------------------------------------------------
// Errors

/** The server's message of an error answer, when it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.body && typeof error.body === 'object') {
    const message = error.body.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return typeof error.body === 'string' && error.body.trim() && !error.body.trim().startsWith('<')
    ? error.body.trim()
    : null;
}

/**
 * A 422's field errors by path within the edited body ("captions.1"), whether the server names
 * them from the request ("body.captions.1") or from the body.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(error.body.errors ?? {})) {
    const message = Array.isArray(value) ? value[0] : value;
    // A rule about the whole text ("body", or no field at all) is filed under "".
    const path = field === 'body' || field === '_' ? '' : field.replace(/^body\./, '');
    if (typeof message === 'string' && message) fields[path] = message;
  }
  return fields;
}

export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);
