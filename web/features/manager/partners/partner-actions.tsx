// What managers and administrators change on a partner (docs/product/back-office.md#partners), one small form each: the
// commission override, the referral commission, a code's discount, suspension and reactivation
// (after a confirmation), the verification mail, a voucher, a note. Reviewers see none of them.
// Each form says it worked with a toast, and shows the server's field errors at their fields.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage, inputClass, SelectField, SubmitButton, TextField } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { ApiError, isUnauthorized } from '../../../lib/api';
import { apiMessage, serverFieldErrors, type FieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/toast';
import { useFormatters } from '../../../lib/format';
import { ConfirmDialog } from '../../../components/staff/dialogs';
import {
  partnerName,
  useAddNote,
  useChangeDiscount,
  useIssueVoucher,
  useResendVerification,
  useUpdatePartner,
  type PartnerDetail,
  type ReferralType,
  type VoucherType,
} from '../partners-api';
import { useManagerSignOut, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';

/** Whether the signed-in staff member may change partners (managers and administrators). */
export function useCanEditPartners(): boolean {
  return hasRole(useStaffMember().data?.role, 'manager');
}

/**
 * A number as typed (a comma is a decimal point too, as French writes it); text that is no number
 * is sent as it is, for the server to refuse at its field.
 */
export function typedNumber(text: string): number | string {
  const trimmed = text.trim();
  const value = Number(trimmed.replace(',', '.'));
  return trimmed !== '' && Number.isFinite(value) ? value : trimmed;
}

/** What a form does with a refusal: a staff 401 ends the staff session; fields get their messages. */
function useRefusal() {
  const { t } = useTranslation();
  const signOut = useManagerSignOut();
  return (error: unknown): { fields: FieldErrors; message: string | null } | null => {
    if (isUnauthorized(error)) {
      signOut();
      return null;
    }
    const fields = serverFieldErrors(error) ?? {};
    const message = Object.keys(fields).length
      ? null
      : (apiMessage(error) ?? (error instanceof ApiError ? t('errors.error') : t('errors.network')));
    return { fields, message };
  };
}

function FormError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300"
      data-testid={testId}
    >
      <Icon name="alert" width={16} height={16} className="mt-0.5 shrink-0" />
      {message}
    </p>
  );
}

const actionBox = 'mt-4 border-t border-stone-100 pt-4 dark:border-stone-800';

/** Set or clear the staff commission override (percent, two decimals at most). */
export function OverrideForm({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const update = useUpdatePartner(partner.uuid);
  const refusal = useRefusal();
  const [text, setText] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string | null }>({
    field: null,
    message: null,
  });
  const override = partner.commission.override;

  const send = (value: number | string | null) => {
    setError({ field: null, message: null });
    update.mutate(
      { commission_override: value as number | null },
      {
        onSuccess: (next) => {
          setText('');
          notifySuccess(
            next.commission.override === null
              ? t('manager.partners.detail.commission.cleared', { rate: f.percent(next.commission.rate) })
              : t('manager.partners.detail.commission.saved', { rate: f.percent(next.commission.rate) }),
          );
        },
        onError: (e) => {
          const r = refusal(e);
          if (r) setError({ field: r.fields.commission_override ?? null, message: r.message });
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (!text.trim()) {
      setError({ field: t('validation.required'), message: null });
      return;
    }
    send(typedNumber(text));
  };

  return (
    <form onSubmit={submit} noValidate className={actionBox} data-testid="override-form">
      <TextField
        label={
          override === null
            ? t('manager.partners.detail.commission.set_label')
            : t('manager.partners.detail.commission.change_label')
        }
        name="commission_override"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={override === null ? '15' : String(override)}
        hint={t('manager.partners.detail.commission.hint')}
        error={error.field}
        testId="override-input"
      />
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <SubmitButton
          busy={update.isPending && update.variables?.commission_override !== null}
          className="min-h-10 px-4 py-1.5"
          testId="override-save"
        >
          {t('manager.partners.actions.save')}
        </SubmitButton>
        {override !== null ? (
          <button
            type="button"
            className="link text-left text-sm"
            onClick={() => send(null)}
            disabled={update.isPending}
            data-testid="override-clear"
          >
            {t('manager.partners.detail.commission.clear')}
          </button>
        ) : null}
      </div>
      <FormError message={error.message} testId="override-error" />
    </form>
  );
}

/** The referral commission: a whole percent of each referred sale, or a fixed amount per sale. */
export function ReferralForm({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const update = useUpdatePartner(partner.uuid);
  const refusal = useRefusal();
  const [amount, setAmount] = useState(String(partner.referral_commission.amount));
  const [type, setType] = useState<ReferralType>(partner.referral_commission.type);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setMessage(null);
    if (!amount.trim()) {
      setFields({ referral_commission_amount: t('validation.required') });
      return;
    }
    setFields({});
    update.mutate(
      { referral_commission_amount: typedNumber(amount) as number, referral_comission_type: type },
      {
        onSuccess: () => notifySuccess(t('manager.partners.detail.referral.saved')),
        onError: (e) => {
          const r = refusal(e);
          if (r) {
            setFields(r.fields);
            setMessage(r.message);
          }
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className={actionBox} data-testid="referral-form">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <TextField
          label={t('manager.partners.detail.referral.amount')}
          name="referral_commission_amount"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={fields.referral_commission_amount}
          testId="referral-amount"
        />
        <SelectField
          label={t('manager.partners.detail.referral.type')}
          name="referral_comission_type"
          value={type}
          onChange={(event) => setType(event.target.value as ReferralType)}
          error={fields.referral_comission_type}
          testId="referral-type"
        >
          <option value="percent">{t('manager.partners.detail.referral.types.percent')}</option>
          <option value="fixed">{t('manager.partners.detail.referral.types.fixed')}</option>
        </SelectField>
      </div>
      <p className="mt-1.5 text-xs text-muted">{t('manager.partners.detail.referral.hint')}</p>
      <SubmitButton busy={update.isPending} className="mt-3 min-h-10 px-4 py-1.5" testId="referral-save">
        {t('manager.partners.actions.save')}
      </SubmitButton>
      <FormError message={message} testId="referral-error" />
    </form>
  );
}

/** Suspend or reactivate (after a confirmation), and send the verification mail again. */
export function AccountActions({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const update = useUpdatePartner(partner.uuid);
  const resend = useResendVerification(partner.uuid);
  const refusal = useRefusal();
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const suspended = partner.status === 'suspended';
  const name = partnerName(partner);

  const change = () => {
    setDialogError(null);
    update.mutate(
      { status: suspended ? 'active' : 'suspended' },
      {
        onSuccess: (next) => {
          setConfirming(false);
          notifySuccess(
            t(
              next.status === 'suspended'
                ? 'manager.partners.detail.account.suspended_toast'
                : 'manager.partners.detail.account.reactivated_toast',
              { name },
            ),
          );
        },
        onError: (e) => {
          const r = refusal(e);
          if (r) setDialogError(r.message ?? Object.values(r.fields)[0] ?? null);
        },
      },
    );
  };
  const sendAgain = () => {
    setResendError(null);
    resend.mutate(undefined, {
      onSuccess: (answer) =>
        notifySuccess(t('manager.partners.detail.account.resent', { email: answer.email })),
      onError: (e) => {
        const r = refusal(e);
        if (r) setResendError(r.message);
      },
    });
  };

  return (
    <div className={actionBox} data-testid="account-actions">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={
            suspended
              ? 'btn-primary min-h-10 px-4 py-1.5'
              : 'inline-flex min-h-10 items-center justify-center gap-2 rounded-full border border-red-300 bg-white px-4 py-1.5 text-sm font-semibold text-red-800 transition-colors hover:bg-red-50 dark:border-red-500/50 dark:bg-stone-900 dark:text-red-300 dark:hover:bg-red-950/40'
          }
          onClick={() => {
            setDialogError(null);
            setConfirming(true);
          }}
          data-testid={suspended ? 'reactivate-partner' : 'suspend-partner'}
        >
          {t(
            suspended
              ? 'manager.partners.detail.account.reactivate'
              : 'manager.partners.detail.account.suspend',
          )}
        </button>
        {!partner.verified ? (
          <button
            type="button"
            className="btn-secondary min-h-10 px-4 py-1.5"
            onClick={sendAgain}
            disabled={resend.isPending}
            aria-busy={resend.isPending || undefined}
            data-testid="resend-verification"
          >
            <Icon name="bell" width={16} height={16} />
            {resend.isPending
              ? t('manager.partners.actions.working')
              : t('manager.partners.detail.account.resend')}
          </button>
        ) : null}
      </div>
      <FormError message={resendError} testId="resend-error" />
      {confirming ? (
        <ConfirmDialog
          alert
          danger={!suspended}
          busyLabel={t('manager.partners.actions.working')}
          testId={suspended ? 'reactivate-dialog' : 'suspend-dialog'}
          title={t(
            suspended
              ? 'manager.partners.detail.account.reactivate_title'
              : 'manager.partners.detail.account.suspend_title',
            { name },
          )}
          body={
            <p>
              {t(
                suspended
                  ? 'manager.partners.detail.account.reactivate_body'
                  : 'manager.partners.detail.account.suspend_body',
              )}
            </p>
          }
          confirmLabel={t(
            suspended
              ? 'manager.partners.detail.account.reactivate_confirm'
              : 'manager.partners.detail.account.suspend_confirm',
          )}
          busy={update.isPending}
          error={dialogError}
          onConfirm={change}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

/** A code's customer discount, changed in place: the store gets the change when the push is on. */
export function DiscountForm({
  uuid,
  code,
  value,
  onDone,
}: {
  uuid: string;
  code: string;
  value: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const change = useChangeDiscount(uuid);
  const refusal = useRefusal();
  const [text, setText] = useState(String(value));
  const [field, setField] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setMessage(null);
    if (!text.trim()) {
      setField(t('validation.required'));
      return;
    }
    setField(null);
    change.mutate(
      { code, value: typedNumber(text) as number },
      {
        onSuccess: (entry) => {
          notifySuccess(
            t(
              entry.store_sync.state === 'pending'
                ? 'manager.partners.detail.codes.saved_pushed'
                : 'manager.partners.detail.codes.saved',
              {
                code: entry.code,
                value: f.percent(entry.value),
              },
            ),
          );
          onDone();
        },
        onError: (e) => {
          const r = refusal(e);
          if (r) {
            setField(r.fields.value ?? null);
            setMessage(r.message);
          }
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 rounded-xl bg-stone-50 p-3 sm:p-4 dark:bg-stone-800/50"
      data-testid="discount-form"
    >
      <TextField
        label={t('manager.partners.detail.codes.discount_label', { code })}
        name="value"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        hint={t('manager.partners.detail.codes.discount_hint')}
        error={field}
        className="max-w-xs"
        testId="discount-input"
      />
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <SubmitButton busy={change.isPending} className="min-h-10 px-4 py-1.5" testId="discount-save">
          {t('manager.partners.actions.save')}
        </SubmitButton>
        <button type="button" className="link text-sm" onClick={onDone} data-testid="discount-cancel">
          {t('manager.partners.actions.cancel')}
        </button>
      </div>
      <FormError message={message} testId="discount-error" />
    </form>
  );
}

/** Issue a voucher: a percentage, an amount or free products, with an optional code and end. */
export function VoucherForm({ uuid, onDone }: { uuid: string; onDone: () => void }) {
  const { t } = useTranslation();
  const issue = useIssueVoucher(uuid);
  const refusal = useRefusal();
  const [type, setType] = useState<VoucherType>('percent');
  const [amount, setAmount] = useState('');
  const [code, setCode] = useState('');
  const [till, setTill] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (issue.isPending) return;
    setMessage(null);
    if (!amount.trim()) {
      setFields({ amount: t('validation.required') });
      return;
    }
    setFields({});
    issue.mutate(
      {
        type,
        amount: typedNumber(amount) as number,
        ...(code.trim() ? { code: code.trim() } : {}),
        // The end of the chosen day, UTC.
        ...(till ? { valid_till: `${till}T23:59:59.000Z` } : {}),
      },
      {
        onSuccess: (voucher) => {
          notifySuccess(t('manager.partners.detail.vouchers.issued', { code: voucher.code }));
          setAmount('');
          setCode('');
          setTill('');
          onDone();
        },
        onError: (e) => {
          const r = refusal(e);
          if (r) {
            setFields(r.fields);
            setMessage(r.message);
          }
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mb-4 rounded-xl bg-stone-50 p-3 sm:p-4 dark:bg-stone-800/50"
      data-testid="voucher-form"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('manager.partners.detail.vouchers.type')}
          name="type"
          value={type}
          onChange={(event) => setType(event.target.value as VoucherType)}
          error={fields.type}
          testId="voucher-type"
        >
          {(['percent', 'fixed', 'product'] as const).map((kind) => (
            <option key={kind} value={kind}>
              {t(`manager.partners.detail.vouchers.types.${kind}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t(`manager.partners.detail.vouchers.amount_${type}`)}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={fields.amount}
          testId="voucher-amount"
        />
        <TextField
          label={t('manager.partners.detail.vouchers.code')}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hint={t('manager.partners.detail.vouchers.code_hint')}
          error={fields.code}
          testId="voucher-code"
        />
        <TextField
          label={t('manager.partners.detail.vouchers.valid_till')}
          name="valid_till"
          type="date"
          value={till}
          onChange={(event) => setTill(event.target.value)}
          hint={t('manager.partners.detail.vouchers.valid_till_hint')}
          error={fields.valid_till}
          testId="voucher-till"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <SubmitButton busy={issue.isPending} className="min-h-10 px-4 py-1.5" testId="voucher-issue">
          {t('manager.partners.detail.vouchers.issue')}
        </SubmitButton>
        <button type="button" className="link text-sm" onClick={onDone}>
          {t('manager.partners.actions.cancel')}
        </button>
      </div>
      <FormError message={message} testId="voucher-error" />
    </form>
  );
}

const NOTE_MAX = 2000;

/** A note for the team, kept with who wrote it and when. */
export function NoteForm({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const add = useAddNote(uuid);
  const refusal = useRefusal();
  const id = useId();
  const [body, setBody] = useState('');
  const [field, setField] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setMessage(null);
    if (!body.trim()) {
      setField(t('validation.required'));
      return;
    }
    setField(null);
    add.mutate(body, {
      onSuccess: () => {
        setBody('');
        notifySuccess(t('manager.partners.detail.notes.added'));
      },
      onError: (e) => {
        const r = refusal(e);
        if (r) {
          setField(r.fields.body ?? null);
          setMessage(r.message);
        }
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mb-4" data-testid="note-form">
      <label
        htmlFor={`${id}-note`}
        className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
      >
        {t('manager.partners.detail.notes.label')}
      </label>
      <textarea
        id={`${id}-note`}
        name="body"
        rows={3}
        maxLength={NOTE_MAX}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={field ? true : undefined}
        aria-describedby={field ? `${id}-error` : undefined}
        className={`${inputClass} ${field ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
        data-testid="note-input"
      />
      <FieldMessage id={`${id}-error`} message={field} />
      <SubmitButton busy={add.isPending} className="mt-2 min-h-10 px-4 py-1.5" testId="note-add">
        {t('manager.partners.detail.notes.add')}
      </SubmitButton>
      <FormError message={message} testId="note-error" />
    </form>
  );
}
