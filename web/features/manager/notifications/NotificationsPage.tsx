// /manager/notifications: custom notifications from staff, to one partner or to every partner,
// each reading their language's version or else the other one. The page is the shared one
// (../messages) with what notifications add: the recipient, chosen when sending and fixed after.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { Choices } from '../messages/Choices';
import type { FieldsContext, FormFields } from '../messages/MessageForm';
import type { StaffNotification } from '../messages/messages-api';
import { MessagesPage, useMessageColumns, type ListView } from '../messages/MessagesPage';
import { TextInput } from '../../../components/staff/fields';

interface Recipient {
  audience: 'all' | 'one';
  partner: string;
}

function RecipientField({ values, change, error }: FieldsContext<Recipient>) {
  const { t } = useTranslation();
  const one = values.audience === 'one';
  return (
    <Choices
      legend={t('manager.notifications.recipient.legend')}
      name="recipient"
      value={values.audience}
      choices={(['all', 'one'] as const).map((value) => ({
        value,
        label: t(`manager.notifications.recipient.${value}`),
        icon: value === 'all' ? 'users' : 'user',
      }))}
      onChange={(audience) => change({ audience }, 'partner')}
      // The server's word on the partner, under the radios when no field is open for it.
      error={one ? null : error('partner')}
      className="mb-5"
      testId="recipient"
    >
      {one ? (
        <TextInput
          className="mt-3 sm:max-w-md"
          label={t('manager.notifications.recipient.partner_label')}
          hint={t('manager.notifications.recipient.partner_hint')}
          value={values.partner}
          onValue={(partner) => change({ partner }, 'partner')}
          error={error('partner')}
          autoComplete="off"
          spellCheck={false}
          data-testid="recipient-partner"
        />
      ) : null}
    </Choices>
  );
}

/** Who received a notification, as the list and the edit dialog show it. */
function RecipientLine({ item }: { item: StaffNotification }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0 text-sm" data-testid="recipient-line">
      <span className="block text-xs font-medium text-stone-500 md:sr-only dark:text-stone-400">
        {t('manager.notifications.recipient.to')}
      </span>
      {item.partner ? (
        <>
          <span className="block font-semibold text-stone-900 dark:text-white">{item.partner.name}</span>
          <span className="block max-w-64 truncate text-xs text-muted">{item.partner.email}</span>
        </>
      ) : (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-400/10 dark:text-brand-200">
          <Icon name="users" width={14} height={14} />
          {t('manager.notifications.recipient.everyone')}
        </span>
      )}
    </span>
  );
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const view: ListView<StaffNotification> = {
    columns: [
      {
        key: 'recipient',
        header: t('manager.messages.columns.recipient'),
        cell: (item) => <RecipientLine item={item} />,
        wide: true,
        className: 'min-w-40',
      },
      ...useMessageColumns(),
    ],
    editContext: (item) => <RecipientLine item={item} />,
  };
  // The recipient is chosen when sending and fixed after: an edit sends only the text.
  const fieldsFor = (item?: StaffNotification): FormFields<Recipient> | undefined =>
    item
      ? undefined
      : {
          initial: { audience: 'all', partner: '' },
          before: (context) => <RecipientField {...context} />,
          check: ({ audience, partner }): Record<string, string> =>
            audience === 'one' && !partner.trim()
              ? { partner: t('manager.notifications.recipient.required') }
              : {},
          // Every partner: no `partner` at all.
          body: ({ audience, partner }) => (audience === 'one' ? { partner: partner.trim() } : {}),
        };
  return <MessagesPage kind="notifications" view={view} fieldsFor={fieldsFor} />;
}
