import type { TFunction } from 'i18next';
import { describeAuthError } from './api';
import { showAlert } from './alert-store';

/** Sign-in and registration errors in the alert, by the rules of spec point 8. */
export function showAuthError(error: unknown, t: TFunction): void {
  const { title, messages } = describeAuthError(error, t);
  showAlert({ title, message: messages.join('\n'), type: 'error' }, { replace: true });
}
