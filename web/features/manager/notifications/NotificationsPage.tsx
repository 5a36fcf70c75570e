// /manager/notifications: custom notifications from staff, to one partner or to every partner,
// each reading their language's version or else the other one. The page is the shared one
// (../messages) with what notifications add: the recipient, chosen when sending and fixed after.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { ErrorText, TextInput } from '../content/editor-ui';
import { fieldErrors, type StaffNotification } from '../messages/messages-api';
import { MessagesPage, type ComposeExtra } from '../messages/MessagesPage';

type Audience = 'all' | 'one';

function RecipientField({
  audience,
  partner,
  error,
  onAudience,
  onPartner,
}: {
  audience: Audience;
  partner: string;
  error: string | null;
  onAudience: (audience: Audience) => void;
  onPartner: (partner: string) => void;
}) {
  const { t } = useTranslation();
  const option =
    'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-stone-300 px-3.5 text-sm font-medium text-stone-800 transition-colors hover:border-stone-400 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-stone-700 dark:text-stone-200 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-400/10 dark:has-checked:text-brand-100';
  return (
    <fieldset className="mb-5" data-testid="recipient">
      <legend className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">
        {t('manager.notifications.recipient.legend')}
      </legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        {(['all', 'one'] as const).map((value) => (
          <label key={value} className={option}>
            <input
              type="radio"
              name="audience"
              value={value}
              checked={audience === value}
              onChange={() => onAudience(value)}
              className="h-4 w-4 accent-brand-700 dark:accent-brand-400"
              data-testid={`recipient-${value}`}
            />
            <Icon name={value === 'all' ? 'users' : 'user'} width={17} height={17} className="opacity-70" />
            {t(`manager.notifications.recipient.${value}`)}
          </label>
        ))}
      </div>
      {audience === 'one' ? (
        <TextInput
          className="mt-3 sm:max-w-md"
          label={t('manager.notifications.recipient.partner_label')}
          hint={t('manager.notifications.recipient.partner_hint')}
          value={partner}
          onValue={onPartner}
          error={error}
          autoComplete="off"
          spellCheck={false}
          data-testid="recipient-partner"
        />
      ) : (
        <ErrorText message={error} />
      )}
    </fieldset>
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
          <span className="block max-w-64 truncate text-xs text-stone-600 dark:text-stone-400">
            {item.partner.email}
          </span>
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

const recipientOf = (item: StaffNotification) => <RecipientLine item={item} />;

export function NotificationsPage() {
  const { t } = useTranslation();
  const [audience, setAudience] = useState<Audience>('all');
  const [partner, setPartner] = useState('');
  const [missing, setMissing] = useState(false);
  // The server's word on the partner stands until the field changes.
  const [typedSince, setTypedSince] = useState<unknown>(null);
  const extra: ComposeExtra = {
    field: (error) => (
      <RecipientField
        audience={audience}
        partner={partner}
        error={
          missing
            ? t('manager.notifications.recipient.required')
            : error && error !== typedSince
              ? (fieldErrors(error).partner ?? null)
              : null
        }
        onAudience={(value) => {
          setAudience(value);
          setMissing(false);
        }}
        onPartner={(value) => {
          setPartner(value);
          setMissing(false);
          setTypedSince(error);
        }}
      />
    ),
    valid: () => {
      const ok = audience === 'all' || partner.trim() !== '';
      setMissing(!ok);
      return ok;
    },
    // Every partner: no `partner` at all.
    body: () => (audience === 'one' ? { partner: partner.trim() } : {}),
    reset: () => {
      setAudience('all');
      setPartner('');
    },
  };
  return <MessagesPage kind="notifications" extra={extra} recipientOf={recipientOf} />;
}
