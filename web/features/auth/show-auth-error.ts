import type { TFunction } from 'i18next';
import { describeAuthError } from '../../lib/api';
import { showAlert } from '../../lib/alert-store';

/** Sign-in and registration errors in the alert, by the rules of spec point 8. */
export function showAuthError(error: unknown, t: TFunction): void {
  const { title, messages } = describeAuthError(error, t);
  showAlert({ title, message: messages.join('\n'), type: 'error' }, { replace: true });
}
