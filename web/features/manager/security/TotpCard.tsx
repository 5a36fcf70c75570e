// The signed-in staff member's authenticator (docs/decisions/035-staff-totp.md): set it up (QR code
// or a key typed by hand, then a first code), see since when it is on and how many recovery
// codes are left, make new codes, or turn it off (with a code or the password).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField, SubmitButton, TextField } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { ApiError, isUnauthorized } from '../../../lib/api';
import { copyWithToast } from '../../../lib/clipboard';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/toast';
import { useFormatters } from '../../../lib/format';
import { RecoveryCodes } from './RecoveryCodes';
import {
  isAppCode,
  useConfirmEnrolment,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useStartEnrolment,
  type EnrolmentStart,
  type SecurityState,
} from './security-api';
import { useManagerSignOut } from '../staff-session';
import { dangerButton, Dialog } from '../../../components/staff/dialogs';

/** Few enough recovery codes left to say so. */
const LOW_CODES = 3;

/** The message a refused code gets at its field: the server's words, else the form's own. */
function codeError(error: unknown, field: string, fallback: string): string {
  if (error instanceof ApiError && error.status === 429) return apiMessage(error) ?? fallback;
  return serverFieldErrors(error)?.[field] ?? apiMessage(error) ?? fallback;
}

export function StatusChip({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${
        on
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30'
          : 'bg-stone-100 text-stone-600 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-600/40'
      }`}
      data-testid="totp-status"
      data-on={on}
    >
      {on ? <Icon name="check" width={14} height={14} /> : null}
      {t(on ? 'manager.security.totp.on' : 'manager.security.totp.off')}
    </span>
  );
}

function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-100"
    >
      {n}
    </span>
  );
}

/** The QR code, the key to type by hand, and the first code that turns the factor on. */
function Enrolment({
  start,
  onEnabled,
  onCancel,
}: {
  start: EnrolmentStart;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const signOut = useManagerSignOut();
  const confirm = useConfirmEnrolment();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // In groups of four, as authenticator apps show keys; spaces are ignored when it is typed.
  const grouped = start.secret.replace(/(.{4})(?=.)/g, '$1 ');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAppCode(code)) {
      setError(t('manager.security.enrol.code_format'));
      return;
    }
    setError(null);
    confirm.mutate(code.replace(/\s/g, ''), {
      onSuccess: (answer) => {
        notifySuccess(t('manager.security.totp.enabled'));
        onEnabled(answer.recovery_codes);
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) signOut();
        else setError(codeError(failure, 'code', t('manager.security.enrol.failed')));
      },
    });
  };
  return (
    <div className="mt-6 border-t border-stone-200 pt-6 dark:border-stone-800" data-testid="totp-enrolment">
      <h3 className="font-semibold">{t('manager.security.enrol.title')}</h3>
      <ol className="mt-4 space-y-6">
        <li className="flex gap-3">
          <StepNumber n={1} />
          <div className="min-w-0 flex-1">
            <p className="pt-0.5 text-sm font-medium">{t('manager.security.enrol.step_scan')}</p>
            <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
              {/* Dark on white in either theme: inverted codes are not read by every app. */}
              <img
                src={start.qr_code}
                alt={t('manager.security.enrol.qr_alt')}
                width={176}
                height={176}
                className="h-44 w-44 shrink-0 rounded-xl bg-white p-1.5 ring-1 ring-stone-200 dark:ring-stone-700"
                data-testid="totp-qr"
              />
              <div className="min-w-0 text-sm">
                <p className="text-muted">{t('manager.security.enrol.manual_intro')}</p>
                <p className="mt-2 rounded-xl bg-stone-100 px-3.5 py-2.5 dark:bg-stone-800/70">
                  <span className="block text-xs text-stone-500 dark:text-stone-400">
                    {t('manager.security.enrol.manual_key')}
                  </span>
                  <code
                    className="block font-mono text-[15px] font-semibold tracking-wider break-all text-stone-900 dark:text-stone-100"
                    data-testid="totp-manual-key"
                  >
                    {grouped}
                  </code>
                </p>
                <button
                  type="button"
                  className="btn-secondary mt-3 min-h-10 px-4 py-1.5"
                  onClick={() =>
                    void copyWithToast(start.secret, {
                      copied: t('manager.security.enrol.key_copied'),
                      failed: t('manager.security.enrol.copy_failed'),
                    })
                  }
                  data-testid="totp-copy-key"
                >
                  <Icon name="copy" width={18} height={18} className="opacity-80" />
                  {t('manager.security.enrol.copy_key')}
                </button>
              </div>
            </div>
          </div>
        </li>
        <li className="flex gap-3">
          <StepNumber n={2} />
          <form noValidate onSubmit={submit} className="min-w-0 flex-1" data-testid="totp-confirm-form">
            <p className="pt-0.5 text-sm font-medium">{t('manager.security.enrol.step_code')}</p>
            <TextField
              label={t('manager.security.enrol.code')}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={error}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              className="mt-3 sm:max-w-56 [&_input]:font-mono [&_input]:tracking-[0.2em]"
              testId="totp-confirm-code"
            />
            <div className="mt-4 flex flex-wrap gap-2">
              <SubmitButton busy={confirm.isPending} testId="totp-confirm-submit">
                {confirm.isPending
                  ? t('manager.security.enrol.confirming')
                  : t('manager.security.enrol.confirm')}
              </SubmitButton>
              <button type="button" className="btn-secondary" onClick={onCancel} disabled={confirm.isPending}>
                {t('manager.security.enrol.cancel')}
              </button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** New recovery codes, for a code from the app. */
function RegenerateDialog({ onDone, onClose }: { onDone: (codes: string[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const signOut = useManagerSignOut();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('manager.security.enrol.code_format'));
      return;
    }
    setError(null);
    regenerate.mutate(code.trim(), {
      onSuccess: (answer) => onDone(answer.recovery_codes),
      onError: (failure) => {
        if (isUnauthorized(failure)) signOut();
        else setError(codeError(failure, 'code', t('manager.security.enrol.failed')));
      },
    });
  };
  return (
    <Dialog
      title={t('manager.security.regenerate.title')}
      description={t('manager.security.regenerate.body')}
      onClose={onClose}
      busy={regenerate.isPending}
      testId="totp-regenerate-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={regenerate.isPending}>
            {t('manager.security.enrol.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn-primary"
            disabled={regenerate.isPending}
            data-testid="totp-regenerate-submit"
          >
            {regenerate.isPending
              ? t('manager.security.regenerate.busy')
              : t('manager.security.regenerate.submit')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="mt-4">
        <TextField
          label={t('manager.security.regenerate.code')}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={13}
          autoFocus
          className="[&_input]:font-mono [&_input]:tracking-[0.2em]"
          testId="totp-regenerate-code"
        />
      </form>
    </Dialog>
  );
}

/** Turning the factor off, proven by a code (or a recovery code) or the password. */
function DisableDialog({
  required,
  onDone,
  onClose,
}: {
  required: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const signOut = useManagerSignOut();
  const disable = useDisableTotp();
  const [proof, setProof] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(t(proof === 'code' ? 'manager.security.enrol.code_format' : 'validation.required'));
      return;
    }
    setError(null);
    disable.mutate(proof === 'code' ? { code: value.trim() } : { password: value }, {
      onSuccess: () => {
        notifySuccess(t('manager.security.disable.done'));
        onDone();
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) signOut();
        else setError(codeError(failure, proof, t('manager.security.enrol.failed')));
      },
    });
  };
  const choose = (next: 'code' | 'password') => {
    setProof(next);
    setValue('');
    setError(null);
  };
  const option = (kind: 'code' | 'password') => (
    <label
      className={`flex min-h-10 flex-1 cursor-pointer items-center justify-center rounded-full px-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600 ${
        proof === kind
          ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-700 dark:text-white'
          : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white'
      }`}
    >
      <input
        type="radio"
        name="proof"
        value={kind}
        checked={proof === kind}
        onChange={() => choose(kind)}
        className="sr-only"
        data-testid={`totp-disable-with-${kind}`}
      />
      {t(kind === 'code' ? 'manager.security.disable.with_code' : 'manager.security.disable.with_password')}
    </label>
  );
  return (
    <Dialog
      title={t('manager.security.disable.title')}
      description={
        <>
          {t('manager.security.disable.body')}
          {required ? ` ${t('manager.security.disable.body_required')}` : null}
        </>
      }
      onClose={onClose}
      busy={disable.isPending}
      testId="totp-disable-dialog"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={disable.isPending}>
            {t('manager.security.enrol.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={dangerButton}
            disabled={disable.isPending}
            data-testid="totp-disable-submit"
          >
            {disable.isPending ? t('manager.security.disable.busy') : t('manager.security.disable.submit')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="mt-4 grid gap-4">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-stone-800 dark:text-stone-200">
            {t('manager.security.disable.proof_label')}
          </legend>
          <div className="flex gap-1 rounded-full bg-stone-100 p-1 dark:bg-stone-800">
            {option('code')}
            {option('password')}
          </div>
        </fieldset>
        {proof === 'code' ? (
          <TextField
            label={t('manager.security.disable.code')}
            name="code"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            autoComplete="one-time-code"
            maxLength={13}
            className="[&_input]:font-mono [&_input]:tracking-[0.2em]"
            testId="totp-disable-code"
          />
        ) : (
          <PasswordField
            label={t('manager.security.disable.password')}
            name="password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            autoComplete="current-password"
            testId="totp-disable-password"
          />
        )}
      </form>
    </Dialog>
  );
}

export function TotpCard({ security, email }: { security: SecurityState; email: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const id = useId();
  const signOut = useManagerSignOut();
  const startEnrolment = useStartEnrolment();
  const [start, setStart] = useState<EnrolmentStart | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  const { enabled, enabled_at: enabledAt, recovery_codes_left: left } = security.totp;

  const begin = () => {
    setStartFailed(false);
    startEnrolment.mutate(undefined, {
      onSuccess: setStart,
      onError: (failure) => {
        if (isUnauthorized(failure)) signOut();
        else setStartFailed(true);
      },
    });
  };

  let body;
  if (codes) body = <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />;
  else if (start && !enabled)
    body = (
      <Enrolment
        start={start}
        onEnabled={(fresh) => {
          setStart(null);
          setCodes(fresh);
        }}
        onCancel={() => setStart(null)}
      />
    );
  else if (enabled)
    body = (
      <div className="mt-5 flex flex-wrap gap-2 border-t border-stone-200 pt-5 dark:border-stone-800">
        <button
          type="button"
          className="btn-secondary min-h-10 px-4 py-1.5"
          onClick={() => setDialog('regenerate')}
          data-testid="totp-regenerate"
        >
          {t('manager.security.recovery.regenerate')}
        </button>
        <button
          type="button"
          className="inline-flex min-h-10 items-center justify-center rounded-full border border-red-200 bg-white px-4 py-1.5 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 dark:border-red-500/40 dark:bg-stone-900 dark:text-red-300 dark:hover:bg-red-950/50"
          onClick={() => setDialog('disable')}
          data-testid="totp-disable"
        >
          {t('manager.security.disable.open')}
        </button>
      </div>
    );
  else
    body = (
      <div className="mt-5 sm:pl-15">
        {startFailed ? (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700 dark:text-red-300">
            {t('manager.security.totp.start_failed')}
          </p>
        ) : null}
        <button
          type="button"
          className="btn-primary"
          onClick={begin}
          disabled={startEnrolment.isPending}
          data-testid="totp-start"
        >
          <Icon name="shield" width={18} height={18} />
          {startEnrolment.isPending ? t('manager.security.totp.starting') : t('manager.security.totp.set_up')}
        </button>
      </div>
    );

  return (
    <section aria-labelledby={`${id}-title`} className="card p-5 sm:p-6" data-testid="totp-card">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex dark:bg-brand-400/10 dark:text-brand-300"
        >
          <Icon name="shield" width={22} height={22} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
              {t('manager.security.totp.title')}
            </h2>
            <StatusChip on={enabled} />
          </div>
          <p className="mt-1.5 text-sm text-muted">{t('manager.security.totp.body')}</p>
          {enabled ? (
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div>
                <dt className="sr-only">{t('manager.security.totp.title')}</dt>
                <dd className="text-stone-700 dark:text-stone-300" data-testid="totp-since">
                  {enabledAt ? t('manager.security.totp.on_since', { date: f.date(enabledAt) }) : null}
                </dd>
              </div>
              <div>
                <dt className="sr-only">{t('manager.security.recovery.list_label')}</dt>
                <dd
                  className={
                    left <= LOW_CODES
                      ? 'font-medium text-amber-800 dark:text-amber-300'
                      : 'text-stone-700 dark:text-stone-300'
                  }
                  data-testid="totp-codes-left"
                >
                  {t('manager.security.recovery.left', { count: left })}
                  {left <= LOW_CODES ? ` · ${t('manager.security.recovery.low')}` : null}
                </dd>
              </div>
            </dl>
          ) : null}
        </div>
      </div>
      {body}
      {dialog === 'regenerate' ? (
        <RegenerateDialog
          onClose={() => setDialog(null)}
          onDone={(fresh) => {
            setDialog(null);
            setCodes(fresh);
          }}
        />
      ) : null}
      {dialog === 'disable' ? (
        <DisableDialog
          required={security.require_totp}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setCodes(null);
          }}
        />
      ) : null}
    </section>
  );
}
