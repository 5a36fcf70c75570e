// Deactivating or reactivating a staff account, after a confirmation that says what follows.
import { useTranslation } from 'react-i18next';
import type { StaffAccount } from './staff-api';
import { ConfirmDialog } from '../../../components/staff/dialogs';

export function ConfirmStatusDialog({
  row,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  row: StaffAccount;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const vars = { name: row.name, role: t(`manager.roles.${row.role}`) };
  if (row.status === 'deactivated') {
    // Someone who never chose a password goes back to "invited": the invitation is sent again after.
    return (
      <ConfirmDialog
        title={t('manager.staff.reactivate_title', vars)}
        body={t(
          !row.password_set ? 'manager.staff.reactivate_invited_body' : 'manager.staff.reactivate_body',
          vars,
        )}
        confirmLabel={t('manager.staff.reactivate')}
        busyLabel={t('manager.staff.reactivating')}
        busy={busy}
        error={error}
        onConfirm={onConfirm}
        onClose={onClose}
        testId="staff-confirm"
      />
    );
  }
  return (
    <ConfirmDialog
      title={t('manager.staff.deactivate_title', vars)}
      body={t(
        row.status === 'invited' ? 'manager.staff.deactivate_invited_body' : 'manager.staff.deactivate_body',
        vars,
      )}
      confirmLabel={t('manager.staff.deactivate')}
      busyLabel={t('manager.staff.deactivating')}
      busy={busy}
      error={error}
      danger
      onConfirm={onConfirm}
      onClose={onClose}
      testId="staff-confirm"
    />
  );
}
