// Files the API answers behind a bearer (invoice PDFs, CSV exports): a plain link cannot carry the
// bearer, so the file is fetched, then handed to the browser through an object URL.
import { ApiError } from './api';
import { currentLocale } from './i18n';
import { getValidManagerToken, getValidToken } from './session';
import { startUpdating } from './updating-store';

/** The file at `path` with the partner's (`user`) or the staff member's (`manager`) bearer; a non-2xx answer throws ApiError as the JSON client does. */
export async function fetchFile(
  path: string,
  auth: 'user' | 'manager',
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | null }> {
  const headers = new Headers({ 'Accept-Language': currentLocale() });
  const token = auth === 'manager' ? getValidManagerToken() : getValidToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, { headers, signal });
  if (!response.ok) {
    if (response.status === 503) startUpdating();
    const text = await response.text();
    let body: ApiError['body'] = text || null;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object') body = parsed as ApiError['body'];
    } catch {
      // Not JSON: the text itself is the message.
    }
    throw new ApiError(response.status, response.statusText, body);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** The file name a Content-Disposition header gives, if any. */
export function fileNameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: let go of it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches and saves a file, named as the server names it (else `fallbackName`). */
export async function downloadFile(
  path: string,
  auth: 'user' | 'manager',
  fallbackName: string,
): Promise<void> {
  const { blob, fileName } = await fetchFile(path, auth);
  saveBlob(blob, fileName ?? fallbackName);
}
