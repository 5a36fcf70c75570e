import type { TFunction } from 'i18next';
import { describeAuthError } from './api';
import { showAlert } from './alert-store';

/** Sign-in and registration errors in the alert, by the rules of docs/product/errors-and-languages.md#how-the-portal-shows-errors. */
export function showAuthError(error: unknown, t: TFunction): void {
  const { title, messages } = describeAuthError(error, t);
  showAlert({ title, message: messages.join('\n'), type: 'error' }, { replace: true });
}
