import { notifyError, notifySuccess } from './toast';

/** Writes text to the clipboard, with the old selection trick where the API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'fixed -left-[9999px]';
  document.body.append(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  if (!done) throw new Error('copy failed');
}

/** Copies `text`, then says so, or how to copy it by hand, with the portal's toasts. */
export async function copyWithToast(text: string, said: { copied: string; failed: string }): Promise<void> {
  try {
    await copyText(text);
    notifySuccess(said.copied);
  } catch {
    notifyError(said.failed);
  }
}
