// Changing what partners already received: the edit dialog (the same form, filled, with the
// kind's own fields when it has some) and the confirmation before a delete, which takes the item
// out of every partner's portal.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnauthorized } from '../../../lib/api';
import { notifySuccess } from '../../../lib/toast';
import { MessageForm, type FormFields } from './MessageForm';
import {
  failureText,
  useDeleteMessage,
  useEditMessage,
  type MessageKind,
  type StaffItem,
} from './messages-api';
import { useManagerSignOut } from '../staff-session';
import { ConfirmDialog, Dialog } from '../../../components/staff/dialogs';

/** On a staff 401 the session ends; anything else stays on the mutation for the dialog to show. */
function useSignOutOn401() {
  const signOut = useManagerSignOut();
  return (error: unknown) => {
    if (isUnauthorized(error)) signOut();
  };
}

export function EditDialog<Values>({
  kind,
  item,
  context,
  fields,
  onClose,
}: {
  kind: MessageKind;
  item: StaffItem;
  /** What an edit does not change (a notification's recipient). */
  context?: ReactNode;
  /** The kind's own fields, filled with the item's values. */
  fields?: FormFields<Values>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const edit = useEditMessage(kind);
  const onError = useSignOutOn401();
  return (
    <Dialog
      title={t(`manager.${kind}.edit_title`)}
      description={
        <>
          {context}
          <span className="block">{t(`manager.${kind}.edit_body`)}</span>
        </>
      }
      size="xl"
      busy={edit.isPending}
      onClose={onClose}
      testId="message-edit"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={edit.isPending}>
            {t('manager.messages.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn-primary"
            disabled={edit.isPending}
            aria-busy={edit.isPending || undefined}
            data-testid="message-edit-save"
          >
            {edit.isPending ? t('manager.messages.saving') : t('manager.messages.save')}
          </button>
        </>
      }
    >
      <div className="mt-4">
        <MessageForm
          id={formId}
          kind={kind}
          initial={item.content}
          fields={fields}
          error={edit.error}
          onSubmit={(content, extra) =>
            edit.mutate(
              { id: item.id, content, extra },
              {
                onSuccess: () => {
                  notifySuccess(t(`manager.${kind}.saved`));
                  onClose();
                },
                onError,
              },
            )
          }
        />
      </div>
    </Dialog>
  );
}

export function DeleteDialog({
  kind,
  item,
  onClose,
}: {
  kind: MessageKind;
  item: StaffItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteMessage(kind);
  const onError = useSignOutOn401();
  return (
    <ConfirmDialog
      title={t(`manager.${kind}.delete_title`)}
      body={t(`manager.${kind}.delete_body`)}
      confirmLabel={t(`manager.${kind}.delete_confirm`)}
      busyLabel={t('manager.messages.deleting')}
      busy={remove.isPending}
      error={remove.error && !isUnauthorized(remove.error) ? failureText(remove.error, t) : null}
      danger
      onConfirm={() =>
        remove.mutate(item.id, {
          onSuccess: () => {
            notifySuccess(t(`manager.${kind}.deleted`));
            onClose();
          },
          onError,
        })
      }
      onClose={onClose}
      testId="message-delete"
    />
  );
}
