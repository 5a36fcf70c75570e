// Toasts with the spec's options (docs/product/partner-portal.md#figures-and-limits): 3000 ms, pause on hover, a close button.
// The unstyled build keeps react-toastify from injecting a <style> tag, which the CSP forbids;
// its stylesheet is imported as a file by the toast region (components/AppToaster.tsx).
// Code that toasts imports this module, which is what mounts the region (lib/toaster-demand.ts).
import { toast, type ToastContainerProps, type ToastOptions } from 'react-toastify/unstyled';
import { wantToaster } from './toaster-demand';

export { toast };

wantToaster();

export const TOAST_OPTIONS = {
  autoClose: 3000,
  pauseOnHover: true,
  closeButton: true,
  position: 'top-right',
  hideProgressBar: false,
  newestOnTop: true,
} as const satisfies ToastContainerProps;

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export function notify(kind: ToastKind, message: string, options?: ToastOptions): string | number {
  return toast[kind](message, options);
}

export const notifySuccess = (message: string, options?: ToastOptions) => notify('success', message, options);
export const notifyError = (message: string, options?: ToastOptions) => notify('error', message, options);
export const notifyInfo = (message: string, options?: ToastOptions) => notify('info', message, options);
export const notifyWarning = (message: string, options?: ToastOptions) => notify('warning', message, options);
