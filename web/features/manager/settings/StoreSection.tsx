// The settings' "Store" (issue 30): the Shopify store the portal reads orders from. An admin
// connects it with the shop's domain and either a Dev Dashboard app's client ID and client secret
// (every app made since 2026: the server exchanges them for a token and renews it) or, for an app
// made in the store's admin, its Admin API access token and client secret (the webhook secret),
// checked at once by the server against the store; the
// secrets are typed in password boxes and never shown back, only the token's hint. The section
// then shows what the store answered (its name, currency, the token's scopes and the missing
// ones), the webhook subscriptions the portal keeps itself and the reconciliation that reads the
// orders the webhooks missed. A connection held by the server's SHOPIFY_* variables is shown read
// only. Saved on its own, at once (not with the program settings' form).
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { ApiError } from '../../../lib/api';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/toast';
import { useFormatters, useDateTime } from '../../../lib/format';
import { ConfirmDialog } from '../../../components/staff/dialogs';
import { RATES_ANCHOR } from './CurrencySection';
import { useCurrencySettings } from '../currency-api';
import {
  STORE_SCOPES,
  useChangeStore,
  useStoreSettings,
  type Reconciliation,
  type StoreConnection,
  type StoreSettings,
  type StoreTopicState,
} from './store-api';
import { SkeletonLines } from '../../../components/skeleton';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { useWideLayout } from '../../../components/staff/table-or-cards';
import { LoadFailed } from '../../../components/staff/list-results';

/** The server's variables that hold a connection set on the server (they win over the back office). */
const ENVIRONMENT_VARIABLES = ['SHOPIFY_SHOP_DOMAIN', 'SHOPIFY_ADMIN_TOKEN', 'SHOPIFY_WEBHOOK_SECRET'];
const FORM_FIELDS = ['shop_domain', 'client_id', 'admin_token', 'webhook_secret'] as const;
type AppKind = StoreConnection['app_kind'];
const APP_KINDS: readonly AppKind[] = ['client_credentials', 'access_token'];
/** The server's rule for the domain (server/modules/store-connection/routes.ts): the shop's myshopify.com name. */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
type FormField = (typeof FORM_FIELDS)[number];
type Problems = Partial<Record<FormField, string>>;

const subheading = 'font-semibold text-stone-900 dark:text-white';
const lead = 'mt-1 max-w-2xl text-sm text-muted';
const term = 'text-xs font-medium tracking-wide text-stone-500 uppercase dark:text-stone-400';
const muted = 'text-muted';

function Alert({
  tone,
  children,
  testId,
}: {
  tone: 'error' | 'warning';
  children: ReactNode;
  testId: string;
}) {
  const colours =
    tone === 'error'
      ? 'border-red-300 bg-red-50 text-red-950 dark:border-red-400/30 dark:bg-red-950/30 dark:text-red-100'
      : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-950/30 dark:text-amber-100';
  return (
    <div
      className={`mt-3 flex items-start gap-2 rounded-xl border px-3.5 py-3 text-sm ${colours}`}
      role={tone === 'error' ? 'alert' : undefined}
      data-testid={testId}
    >
      <Icon
        name="alert"
        width={18}
        height={18}
        className={`mt-0.5 shrink-0 ${tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}`}
      />
      <div className="min-w-0 [overflow-wrap:anywhere]">{children}</div>
    </div>
  );
}

function Chip({
  tone,
  children,
  testId,
}: {
  tone: 'ok' | 'warn' | 'off' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  const colours = {
    ok: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    warn: 'bg-amber-50 text-amber-900 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/25',
    off: 'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-400/20',
    info: 'bg-sky-50 text-sky-900 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-200 dark:ring-sky-400/25',
  }[tone];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${colours}`}
      data-testid={testId}
    >
      <span
        aria-hidden="true"
        className={`h-1.5 w-1.5 rounded-full ${tone === 'ok' ? 'bg-emerald-500' : tone === 'warn' ? 'bg-amber-500' : tone === 'info' ? 'bg-sky-500' : 'bg-stone-400'}`}
      />
      {children}
    </span>
  );
}

/** One fact of the connection: its name above, its value below. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className={term}>{label}</dt>
      <dd
        className="mt-1 text-sm text-stone-900 [overflow-wrap:anywhere] dark:text-stone-100"
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/** How to make the app in Shopify, either way, folded until asked for. */
function SetupSteps() {
  const { t } = useTranslation();
  const ways = [
    { title: 'dev_title', steps: ['dev_create', 'dev_scopes', 'dev_install', 'dev_credentials'] },
    { title: 'admin_title', steps: ['develop', 'create', 'scopes', 'install', 'token', 'secret'] },
  ] as const;
  const scopes = STORE_SCOPES.join(', ');
  return (
    <details
      className="group mt-4 rounded-xl border border-stone-200 px-4 py-3 text-sm dark:border-stone-800"
      data-testid="store-setup"
    >
      <summary className="cursor-pointer font-medium text-stone-800 marker:text-stone-400 dark:text-stone-200">
        {t('manager.settings.store.setup.title')}
      </summary>
      {ways.map((way) => (
        <div key={way.title} className="mt-3">
          <p className="font-medium text-stone-900 dark:text-white">
            {t(`manager.settings.store.setup.${way.title}`)}
          </p>
          <ol className="mt-1.5 list-decimal space-y-1.5 pl-5 text-stone-700 dark:text-stone-300">
            {way.steps.map((step) => (
              <li key={step}>{t(`manager.settings.store.setup.${step}`, { scopes })}</li>
            ))}
          </ol>
        </div>
      ))}
    </details>
  );
}

/** Where the app was made: the two ways of connecting, as radio cards. */
function AppKindChoice({ kind, onChange }: { kind: AppKind; onChange: (kind: AppKind) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="md:col-span-2" data-testid="store-app-kind">
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
        {t('manager.settings.store.kind.legend')}
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {APP_KINDS.map((option) => (
          <label
            key={option}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm ${
              kind === option
                ? 'border-orange-500 bg-white ring-1 ring-orange-500 dark:border-orange-400 dark:bg-stone-900 dark:ring-orange-400'
                : 'border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={kind === option}
              onChange={() => onChange(option)}
              className="mt-0.5 h-4 w-4 accent-orange-600"
              data-testid={`store-kind-${option}`}
            />
            <span className="min-w-0">
              <span className="block font-medium text-stone-900 dark:text-white">
                {t(`manager.settings.store.kind.${option}`)}
              </span>
              <span className={`mt-0.5 block text-xs ${muted}`}>
                {t(`manager.settings.store.kind.${option}_hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The scopes a 422 names as missing (`errors.missing_scopes`, one scope a line). */
function missingScopesOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return [];
  const errors = (error.body as { errors?: unknown }).errors;
  const named =
    errors && typeof errors === 'object' ? (errors as Record<string, unknown>).missing_scopes : null;
  return Array.isArray(named) ? named.filter((scope): scope is string => typeof scope === 'string') : [];
}

/** The connection form: a first connection, or a replacement of the one stored. */
function StoreForm({
  replacing,
  onDone,
}: {
  /** The connection replaced (its domain starts the form); null for a first connection. */
  replacing: StoreConnection | null;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeStore();
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<AppKind>(replacing?.app_kind ?? 'client_credentials');
  const [values, setValues] = useState<Record<FormField, string>>({
    shop_domain: replacing?.shop_domain ?? '',
    client_id: replacing?.client_id ?? '',
    admin_token: '',
    webhook_secret: '',
  });
  // The stored secret is kept only for the same app: another client ID needs its own.
  const secretKept = Boolean(
    replacing?.webhook_secret_set &&
    replacing.app_kind === kind &&
    (kind === 'access_token' || replacing.client_id === values.client_id.trim()),
  );
  const [checking, setChecking] = useState(false);
  const [server, setServer] = useState<Problems>({});
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const problemsOf = (current: Record<FormField, string>): Problems => {
    const found: Problems = {};
    const domain = current.shop_domain.trim().toLowerCase();
    if (!domain) found.shop_domain = t('manager.settings.store.errors.domain_required');
    else if (!SHOP_DOMAIN.test(domain)) found.shop_domain = t('manager.settings.store.errors.domain_format');
    if (kind === 'access_token' && !current.admin_token.trim())
      found.admin_token = t('manager.settings.store.errors.token_required');
    if (kind === 'client_credentials') {
      if (!current.client_id.trim()) found.client_id = t('manager.settings.store.errors.client_id_required');
      if (!current.webhook_secret.trim() && !secretKept)
        found.webhook_secret = t('manager.settings.store.errors.secret_required');
    }
    return found;
  };
  const problems = checking ? problemsOf(values) : {};
  const error = (field: FormField) => problems[field] ?? server[field] ?? null;
  // What the server said that no field of the form holds: the scopes the token lacks (all of
  // them, named), or the store's own answer.
  const fields = change.error ? serverFieldErrors(change.error) : null;
  const missing = change.error ? missingScopesOf(change.error) : [];
  const elsewhere = fields
    ? Object.entries(fields)
        .filter(
          ([field]) => !(FORM_FIELDS as readonly string[]).includes(field) && field !== 'missing_scopes',
        )
        .map(([, message]) => message)
    : [];
  const failure = change.error
    ? missing.length > 0
      ? t('manager.settings.store.missing_scopes', { count: missing.length, scopes: missing.join(', ') })
      : elsewhere.length > 0
        ? elsewhere.join(' ')
        : fields
          ? null
          : (apiMessage(change.error) ?? t('manager.settings.store.connect_failed'))
    : null;

  const set = (field: FormField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setServer((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setServer({});
    if (Object.keys(problemsOf(values)).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    const secret = values.webhook_secret.trim();
    change.mutate(
      {
        kind: 'connect',
        input: {
          shop_domain: values.shop_domain.trim(),
          ...(kind === 'client_credentials'
            ? { client_id: values.client_id.trim() }
            : { admin_token: values.admin_token.trim() }),
          ...(secret ? { webhook_secret: secret } : {}),
        },
      },
      {
        onSuccess: (stored) => {
          notifySuccess(
            t('manager.settings.store.connected', {
              shop:
                stored.connection?.shop_name ?? stored.connection?.shop_domain ?? values.shop_domain.trim(),
            }),
          );
          setChecking(false);
          onDone?.();
        },
        onError: (failed) => {
          const found = serverFieldErrors(failed) ?? {};
          setServer({
            shop_domain: found.shop_domain,
            client_id: found.client_id,
            admin_token: found.admin_token,
            webhook_secret: found.webhook_secret,
          });
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="mt-4 rounded-xl border border-stone-200 bg-stone-50/60 p-4 dark:border-stone-800 dark:bg-stone-950/40"
      aria-label={t(
        replacing ? 'manager.settings.store.form_replace' : 'manager.settings.store.form_connect',
      )}
      data-testid="store-form"
    >
      <h4 className={subheading}>
        {t(replacing ? 'manager.settings.store.form_replace' : 'manager.settings.store.form_connect')}
      </h4>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <TextField
          label={t('manager.settings.store.fields.shop_domain')}
          name="shop_domain"
          value={values.shop_domain}
          onChange={set('shop_domain')}
          error={error('shop_domain')}
          hint={t('manager.settings.store.fields.shop_domain_hint')}
          placeholder="sunbite.myshopify.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          testId="store-shop-domain"
          className="min-w-0 md:col-span-2"
        />
        <AppKindChoice
          kind={kind}
          onChange={(next) => {
            setKind(next);
            setServer({});
          }}
        />
        {kind === 'client_credentials' ? (
          <TextField
            label={t('manager.settings.store.fields.client_id')}
            name="client_id"
            value={values.client_id}
            onChange={set('client_id')}
            error={error('client_id')}
            hint={t('manager.settings.store.fields.client_id_hint', { scopes: STORE_SCOPES.join(', ') })}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            testId="store-client-id"
            className="min-w-0"
          />
        ) : (
          <PasswordField
            label={t('manager.settings.store.fields.admin_token')}
            name="admin_token"
            value={values.admin_token}
            onChange={set('admin_token')}
            error={error('admin_token')}
            hint={
              replacing?.app_kind === 'access_token'
                ? t('manager.settings.store.fields.admin_token_replace_hint', { hint: replacing.token_hint })
                : t('manager.settings.store.fields.admin_token_hint', { scopes: STORE_SCOPES.join(', ') })
            }
            placeholder="shpat_…"
            autoComplete="off"
            spellCheck={false}
            testId="store-admin-token"
            className="min-w-0"
          />
        )}
        <PasswordField
          label={t(
            kind === 'client_credentials'
              ? 'manager.settings.store.fields.client_secret'
              : 'manager.settings.store.fields.webhook_secret',
          )}
          name="webhook_secret"
          value={values.webhook_secret}
          onChange={set('webhook_secret')}
          error={error('webhook_secret')}
          hint={
            secretKept
              ? t('manager.settings.store.fields.webhook_secret_keep_hint')
              : t(
                  kind === 'client_credentials'
                    ? 'manager.settings.store.fields.client_secret_hint'
                    : 'manager.settings.store.fields.webhook_secret_hint',
                )
          }
          autoComplete="off"
          spellCheck={false}
          testId="store-webhook-secret"
          className="min-w-0"
        />
      </div>
      {failure ? (
        <p
          role="alert"
          className="mt-3 text-sm font-medium text-red-700 dark:text-red-300"
          data-testid="store-failure"
        >
          {failure}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <button type="submit" className="btn-primary" disabled={change.isPending} data-testid="store-connect">
          {change.isPending
            ? t('manager.settings.store.checking')
            : t(replacing ? 'manager.settings.store.replace_submit' : 'manager.settings.store.connect')}
        </button>
        {replacing && onDone ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={onDone}
            disabled={change.isPending}
            data-testid="store-replace-cancel"
          >
            {t('manager.settings.store.cancel')}
          </button>
        ) : null}
        <p className={`text-xs ${muted} sm:ml-2`}>{t('manager.settings.store.check_note')}</p>
      </div>
    </form>
  );
}

/** The shop's currency, and what it means when it is not the program's. */
function CurrencyFact({ currency }: { currency: string | null }) {
  const { t } = useTranslation();
  const program = useCurrencySettings().data;
  if (!currency) return <span className={muted}>{t('manager.settings.store.unknown')}</span>;
  const differs = program && program.currency !== currency;
  const rate = program?.rates.find((row) => row.currency === currency);
  return (
    <>
      <span className="font-semibold">{currency}</span>
      {differs ? (
        <span
          className="mt-1 block text-xs text-amber-800 dark:text-amber-300"
          data-testid="store-currency-note"
        >
          {rate
            ? t('manager.settings.store.currency_rate_set', {
                currency,
                program: program.currency,
                rate: rate.rate,
              })
            : t('manager.settings.store.currency_differs', { currency, program: program.currency })}{' '}
          <Link to={`/manager/settings?rate=${currency}#${RATES_ANCHOR}`} className="link whitespace-nowrap">
            {rate
              ? t('manager.settings.store.currency_rates_link')
              : t('manager.settings.store.currency_set_rate', { currency })}
          </Link>
        </span>
      ) : null}
    </>
  );
}

function ConnectionSummary({ connection }: { connection: StoreConnection }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <div data-testid="store-summary">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p
          className="text-2xl font-bold tracking-tight text-stone-900 dark:text-white"
          data-testid="store-shop-name"
        >
          {connection.shop_name ?? connection.shop_domain}
        </p>
        <p
          className={`font-mono text-sm ${muted} [overflow-wrap:anywhere]`}
          data-testid="store-shop-domain-value"
        >
          {connection.shop_domain}
        </p>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t('manager.settings.store.facts.currency')} testId="store-currency">
          <CurrencyFact currency={connection.currency} />
        </Fact>
        <Fact label={t('manager.settings.store.facts.token')} testId="store-token">
          <span className="font-mono">{connection.token_hint}</span>
          <span className={`mt-1 block text-xs ${muted}`} data-testid="store-app">
            {connection.app_kind === 'client_credentials'
              ? `${t('manager.settings.store.app_dev_dashboard')} · ${connection.client_id ?? ''}`
              : t('manager.settings.store.app_admin')}
          </span>
          {connection.token_expires_at ? (
            <span className={`mt-1 block text-xs ${muted}`} data-testid="store-token-renewed">
              {t('manager.settings.store.token_renewed', { date: dateTime(connection.token_expires_at) })}
            </span>
          ) : null}
          <span className={`mt-1 block text-xs ${muted}`} data-testid="store-checked">
            {connection.checked_at
              ? t('manager.settings.store.checked_at', { date: dateTime(connection.checked_at) })
              : t('manager.settings.store.not_checked')}
          </span>
        </Fact>
        <Fact label={t('manager.settings.store.facts.scopes')} testId="store-scopes">
          {connection.scopes.length > 0 ? (
            <span className="flex flex-wrap gap-1.5">
              {connection.scopes.map((scope) => (
                <code
                  key={scope}
                  className="rounded-md bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-800 dark:bg-stone-800 dark:text-stone-200"
                >
                  {scope}
                </code>
              ))}
            </span>
          ) : (
            <span className={muted}>{t('manager.settings.store.no_scopes')}</span>
          )}
        </Fact>
        <Fact label={t('manager.settings.store.facts.webhook_secret')} testId="store-secret">
          {connection.webhook_secret_set ? (
            <Chip tone="ok">{t('manager.settings.store.secret_set')}</Chip>
          ) : (
            <Chip tone="warn">{t('manager.settings.store.secret_missing')}</Chip>
          )}
        </Fact>
      </dl>
      {connection.missing_scopes.length > 0 ? (
        <Alert tone="warning" testId="store-missing-scopes">
          {t('manager.settings.store.missing_scopes', {
            count: connection.missing_scopes.length,
            scopes: connection.missing_scopes.join(', '),
          })}
        </Alert>
      ) : null}
      {!connection.webhook_secret_set ? (
        <Alert tone="warning" testId="store-secret-warning">
          {t('manager.settings.store.secret_missing_note')}
        </Alert>
      ) : null}
      {connection.check_error ? (
        <Alert tone="error" testId="store-check-error">
          {t('manager.settings.store.check_error', { error: connection.check_error })}
        </Alert>
      ) : null}
    </div>
  );
}

function EnvironmentNote() {
  const { t } = useTranslation();
  return (
    <div
      className="mt-4 flex gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3.5 text-sm text-sky-950 dark:border-sky-400/25 dark:bg-sky-950/40 dark:text-sky-100"
      data-testid="store-environment"
    >
      <Icon name="info" width={20} height={20} className="mt-0.5 shrink-0 text-sky-700 dark:text-sky-300" />
      <div className="min-w-0">
        <p className="font-semibold">{t('manager.settings.store.environment_title')}</p>
        <p className="mt-1 leading-relaxed">{t('manager.settings.store.environment_body')}</p>
        <p className="mt-2 flex flex-wrap gap-1.5">
          {ENVIRONMENT_VARIABLES.map((name) => (
            <code
              key={name}
              className="rounded-md bg-white/70 px-1.5 py-0.5 font-mono text-xs text-sky-950 ring-1 ring-sky-200 ring-inset dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-400/25"
            >
              {name}
            </code>
          ))}
        </p>
      </div>
    </div>
  );
}

function ConnectionBlock({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation();
  const disconnect = useChangeStore();
  const [replacing, setReplacing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const connection = settings.connection;

  if (!connection)
    return (
      <div data-testid="store-not-connected">
        <p className={lead}>{t('manager.settings.store.not_connected_lead')}</p>
        <StoreForm replacing={null} />
        <SetupSteps />
      </div>
    );

  const onDisconnect = () =>
    disconnect.mutate(
      { kind: 'disconnect' },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(
            t('manager.settings.store.disconnected', {
              shop: connection.shop_name ?? connection.shop_domain,
            }),
          );
        },
      },
    );

  return (
    <>
      <ConnectionSummary connection={connection} />
      {connection.source === 'environment' ? (
        <EnvironmentNote />
      ) : replacing ? (
        <StoreForm replacing={connection} onDone={() => setReplacing(false)} />
      ) : (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setReplacing(true)}
            data-testid="store-replace"
          >
            {t('manager.settings.store.replace')}
          </button>
          <button
            type="button"
            className="btn-secondary text-red-700 dark:text-red-300"
            onClick={() => setConfirming(true)}
            data-testid="store-disconnect"
          >
            {t('manager.settings.store.disconnect')}
          </button>
        </div>
      )}
      {confirming ? (
        <ConfirmDialog
          alert
          danger
          busyLabel={t('manager.partners.actions.working')}
          title={t('manager.settings.store.disconnect_title', {
            shop: connection.shop_name ?? connection.shop_domain,
          })}
          body={t('manager.settings.store.disconnect_body')}
          confirmLabel={t('manager.settings.store.disconnect_confirm')}
          busy={disconnect.isPending}
          error={
            disconnect.error
              ? (apiMessage(disconnect.error) ?? t('manager.settings.store.disconnect_failed'))
              : null
          }
          onConfirm={onDisconnect}
          onClose={() => {
            setConfirming(false);
            disconnect.reset();
          }}
          testId="store-disconnect-confirm"
        />
      ) : null}
    </>
  );
}

function TopicState({ topic, address }: { topic: StoreTopicState; address: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      {topic.registered ? (
        <Chip tone="ok" testId="store-topic-state">
          {t('manager.settings.store.topics.registered')}
        </Chip>
      ) : (
        <Chip tone="warn" testId="store-topic-state">
          {t('manager.settings.store.topics.not_registered')}
        </Chip>
      )}
      {topic.callback_url && topic.callback_url !== address ? (
        <span className={`text-xs ${muted} [overflow-wrap:anywhere]`}>
          {t('manager.settings.store.topics.at', { url: topic.callback_url })}
        </span>
      ) : null}
    </span>
  );
}

function Refused({ count }: { count: number }) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (count === 0) return <span className={muted}>{f.number(0)}</span>;
  return (
    <Link
      to="/manager/overview/deliveries"
      className="link font-semibold whitespace-nowrap text-red-700 dark:text-red-300"
      data-testid="store-topic-refused-link"
    >
      {t('manager.settings.store.topics.refused', { count, formatted: f.number(count) })}
    </Link>
  );
}

function TopicsList({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation();
  const wide = useWideLayout();
  const dateTime = useDateTime();
  const last = (topic: StoreTopicState) =>
    topic.last_delivery_at ? (
      <time dateTime={topic.last_delivery_at}>{dateTime(topic.last_delivery_at)}</time>
    ) : (
      <span className={muted}>{t('manager.settings.store.topics.none_yet')}</span>
    );
  const name = (topic: StoreTopicState) => (
    <>
      <span className="block font-semibold text-stone-900 dark:text-white">
        {t(`manager.settings.store.topic_names.${topic.topic}`, { defaultValue: topic.topic })}
      </span>
      <code className={`block font-mono text-xs ${muted}`}>{topic.topic}</code>
    </>
  );
  const td = `${tableCell.body} align-middle`;
  if (wide)
    return (
      <div className="-mx-4 overflow-x-auto sm:-mx-6">
        <ListTable
          caption={t('manager.settings.store.topics.caption')}
          testId="store-topics-table"
          columns={[
            { key: 'topic', header: t('manager.settings.store.topics.topic'), className: 'sm:pl-6' },
            { key: 'state', header: t('manager.settings.store.topics.state') },
            { key: 'last', header: t('manager.settings.store.topics.last_delivery') },
            { key: 'refused', header: t('manager.settings.store.topics.refused_24h'), className: 'sm:pr-6' },
          ]}
        >
          {settings.topics.map((topic) => (
            <tr key={topic.topic} data-testid="store-topic-row" data-topic={topic.topic}>
              <td className={`${td} sm:pl-6`}>{name(topic)}</td>
              <td className={td}>
                <TopicState topic={topic} address={settings.address} />
              </td>
              <td className={`${td} whitespace-nowrap`} data-testid="store-topic-last">
                {last(topic)}
              </td>
              <td className={`${td} sm:pr-6`} data-testid="store-topic-refused">
                <Refused count={topic.refused_24h} />
              </td>
            </tr>
          ))}
        </ListTable>
      </div>
    );
  return (
    <ul
      className="space-y-2.5"
      aria-label={t('manager.settings.store.topics.caption')}
      data-testid="store-topics-cards"
    >
      {settings.topics.map((topic) => (
        <li
          key={topic.topic}
          className="rounded-xl border border-stone-200 bg-stone-50/60 p-3.5 dark:border-stone-800 dark:bg-stone-950/40"
          data-testid="store-topic-row"
          data-topic={topic.topic}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">{name(topic)}</div>
            <TopicState topic={topic} address={settings.address} />
          </div>
          <dl className="mt-2.5 grid grid-cols-2 gap-3 text-xs">
            <div>
              <dt className={muted}>{t('manager.settings.store.topics.last_delivery')}</dt>
              <dd className="mt-0.5 text-sm" data-testid="store-topic-last">
                {last(topic)}
              </dd>
            </div>
            <div>
              <dt className={muted}>{t('manager.settings.store.topics.refused_24h')}</dt>
              <dd className="mt-0.5 text-sm" data-testid="store-topic-refused">
                <Refused count={topic.refused_24h} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function WebhooksBlock({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const id = useId();
  const connected = Boolean(settings.connection);
  return (
    <div className="mt-6 border-t border-stone-100 pt-5 dark:border-stone-800" data-testid="store-webhooks">
      <h3 id={`${id}-webhooks`} className={subheading}>
        {t('manager.settings.store.webhooks_title')}
      </h3>
      <p className={`${lead} mb-4`}>{t('manager.settings.store.webhooks_lead')}</p>
      <dl className="mb-4 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Fact label={t('manager.settings.store.facts.address')} testId="store-address">
          <code className="font-mono text-[13px]">{settings.address}</code>
        </Fact>
        <Fact label={t('manager.settings.store.facts.format')} testId="store-format">
          JSON
        </Fact>
        <Fact label={t('manager.settings.store.facts.api_version')} testId="store-api-version">
          <code className="font-mono text-[13px]">{settings.api_version}</code>
        </Fact>
      </dl>
      <TopicsList settings={settings} />
      <p className={`mt-3 text-xs ${muted}`} aria-live="polite" data-testid="store-subscriptions-checked">
        {!connected
          ? t('manager.settings.store.subscriptions_after_connect')
          : settings.subscriptions_checked_at
            ? t('manager.settings.store.subscriptions_checked', {
                date: dateTime(settings.subscriptions_checked_at),
              })
            : t('manager.settings.store.subscriptions_pending')}
      </p>
      {settings.subscriptions_error ? (
        <Alert tone="error" testId="store-subscriptions-error">
          {t('manager.settings.store.subscriptions_error', { error: settings.subscriptions_error })}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * The first pass's back-fill: the orders updated from `from` (60 days back) to `through` (when the
 * pass began), read page by page; a pass stopped half-way goes on from its last page.
 */
function Backfill({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const backfill = reconciliation.backfill;
  if (!backfill) return null;
  const range =
    backfill.from && backfill.through
      ? { from: f.date(backfill.from), through: f.date(backfill.through) }
      : null;
  const words =
    backfill.state === 'pending'
      ? t('manager.settings.store.backfill.pending')
      : backfill.state === 'running'
        ? range
          ? t('manager.settings.store.backfill.running', range)
          : t('manager.settings.store.backfill.started')
        : range
          ? t('manager.settings.store.backfill.done', range)
          : t('manager.settings.store.backfill.done_plain');
  return (
    <div
      className="mt-4 rounded-xl border border-stone-200 p-3.5 dark:border-stone-800"
      data-testid="store-backfill"
      data-state={backfill.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-stone-900 dark:text-white">
          {t('manager.settings.store.backfill.title')}
        </p>
        <Chip tone={backfill.state === 'done' ? 'ok' : backfill.state === 'running' ? 'info' : 'off'}>
          {t(`manager.settings.store.backfill.states.${backfill.state}`)}
        </Chip>
      </div>
      {backfill.state === 'running' ? (
        <div
          className="mt-2.5 h-1.5 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
          aria-hidden="true"
        >
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none dark:bg-brand-400" />
        </div>
      ) : null}
      <p className={`mt-2 text-sm ${muted}`} data-testid="store-backfill-text">
        {words}
      </p>
    </div>
  );
}

function ReconciliationBlock({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const f = useFormatters();
  const reconciliation = settings.reconciliation;
  const found = reconciliation?.last_found;
  const total = found ? found.orders + found.cancellations + found.refunds : 0;
  return (
    <div
      className="mt-6 border-t border-stone-100 pt-5 dark:border-stone-800"
      data-testid="store-reconciliation"
    >
      <h3 className={subheading}>{t('manager.settings.store.reconciliation_title')}</h3>
      <p className={`${lead} mb-4`}>{t('manager.settings.store.reconciliation_lead')}</p>
      {!reconciliation ? (
        <p className={`text-sm ${muted}`} data-testid="store-reconciliation-none">
          {settings.connection
            ? t('manager.settings.store.reconciliation_not_yet')
            : t('manager.settings.store.reconciliation_after_connect')}
        </p>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Fact label={t('manager.settings.store.facts.last_run')} testId="store-last-run">
              {reconciliation.last_run_at ? (
                dateTime(reconciliation.last_run_at)
              ) : (
                <span className={muted}>{t('manager.settings.store.never')}</span>
              )}
            </Fact>
            <Fact label={t('manager.settings.store.facts.synced_through')} testId="store-synced-through">
              {reconciliation.synced_through ? (
                dateTime(reconciliation.synced_through)
              ) : (
                <span className={muted}>{t('manager.settings.store.never')}</span>
              )}
            </Fact>
            <Fact label={t('manager.settings.store.facts.found')} testId="store-found">
              {!reconciliation.last_run_at || !found ? (
                <span className={muted}>{t('manager.settings.store.never')}</span>
              ) : total === 0 ? (
                <span className={muted}>{t('manager.settings.store.found_nothing')}</span>
              ) : (
                <span className="font-medium text-amber-800 dark:text-amber-300">
                  {[
                    t('manager.settings.store.found.orders', {
                      count: found.orders,
                      formatted: f.number(found.orders),
                    }),
                    t('manager.settings.store.found.cancellations', {
                      count: found.cancellations,
                      formatted: f.number(found.cancellations),
                    }),
                    t('manager.settings.store.found.refunds', {
                      count: found.refunds,
                      formatted: f.number(found.refunds),
                    }),
                  ].join(' · ')}
                </span>
              )}
            </Fact>
          </dl>
          <Backfill reconciliation={reconciliation} />
          {reconciliation.error ? (
            <Alert tone="error" testId="store-reconciliation-error">
              {t('manager.settings.store.reconciliation_error', { error: reconciliation.error })}
            </Alert>
          ) : null}
        </>
      )}
    </div>
  );
}

function StatusChip({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation();
  const connection = settings.connection;
  if (!connection)
    return (
      <Chip tone="off" testId="store-status">
        {t('manager.settings.store.status.none')}
      </Chip>
    );
  if (connection.check_error || connection.missing_scopes.length > 0)
    return (
      <Chip tone="warn" testId="store-status">
        {t('manager.settings.store.status.attention')}
      </Chip>
    );
  return (
    <Chip tone={connection.source === 'environment' ? 'info' : 'ok'} testId="store-status">
      {t(
        connection.source === 'environment'
          ? 'manager.settings.store.status.environment'
          : 'manager.settings.store.status.connected',
      )}
    </Chip>
  );
}

/** The section (admins: the settings page is theirs alone). */
export function StoreSection() {
  const { t } = useTranslation();
  const query = useStoreSettings();
  useSignOutOnUnauthorized(query.error);
  return (
    <section
      className="card mt-5 p-4 sm:p-6"
      aria-labelledby="settings-store-heading"
      data-testid="settings-group-store"
    >
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="settings-store-heading" className="text-lg font-semibold tracking-tight">
            {t('manager.settings.store.title')}
          </h2>
          <p className={lead}>{t('manager.settings.store.lead')}</p>
        </div>
        {query.data ? <StatusChip settings={query.data} /> : null}
      </div>
      {query.data ? (
        <>
          <ConnectionBlock settings={query.data} />
          <WebhooksBlock settings={query.data} />
          <ReconciliationBlock settings={query.data} />
        </>
      ) : query.isError ? (
        <LoadFailed
          title={t('manager.settings.store.load_failed')}
          onRetry={() => void query.refetch()}
          testId="store-load-failed"
        />
      ) : (
        <div data-testid="store-loading">
          <SkeletonLines lines={4} />
        </div>
      )}
    </section>
  );
}
