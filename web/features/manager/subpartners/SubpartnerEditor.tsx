// The sub-partner form, the same for a new one and an existing one: the name and the address
// (slug), active or not, the two colours, the welcome in both languages and the logo, with the
// live preview of the sign-in page beside it (below it on phones), following every keystroke.
// The page that holds it sends it; this part holds the fields, their rules and their warnings.
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HEX_COLOUR_PATTERN, SUBPARTNER_LIMITS } from '../../../../common/subpartners';
import { LOGO_MAX_SIDE, UPLOAD_MAX_BYTES } from '../../../../common/uploads';
import { inputClass } from '../../../components/form';
import { Icon } from '../../../components/icons';
import type { FieldErrors } from '../../../lib/forms';
import { SignInPreview } from './SignInPreview';
import { checkPictureFile } from '../../../lib/picture-file';
import { useFormatters } from '../../../lib/format';
import { contrastWithWhite, READABLE_CONTRAST, type FormValues } from './subpartner-form';
import type { Subpartner } from './subpartners-api';
import { LogoTile, publicAddress } from './ui';
import { ErrorText, Glyph, Notice, TextArea, TextInput } from '../../../components/staff/fields';

/** The logo as the form will leave it: as saved, a new file (sent on save), or none. */
export type LogoDraft = { kind: 'keep' } | { kind: 'new'; file: File; url: string } | { kind: 'remove' };

const MB = 1024 * 1024;

function Section({
  title,
  lead,
  children,
  testId,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-5" data-testid={testId}>
      <h2 id={id} className="text-base font-semibold tracking-tight">
        {title}
      </h2>
      {lead ? <p className="mt-0.5 text-sm text-muted">{lead}</p> : null}
      <div className="mt-4 grid gap-4">{children}</div>
    </section>
  );
}

function ColourField({
  label,
  value,
  onValue,
  error,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const valid = HEX_COLOUR_PATTERN.test(value.trim());
  // The picker needs a colour: it shows the last one that was, while the text is being fixed.
  const [lastValid, setLastValid] = useState(valid ? value.trim().toLowerCase() : '#000000');
  if (valid && value.trim().toLowerCase() !== lastValid) setLastValid(value.trim().toLowerCase());
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={lastValid}
          onChange={(event) => onValue(event.target.value)}
          aria-label={t('manager.subpartners.fields.pick_colour', { field: label })}
          className="h-11 w-12 shrink-0 cursor-pointer rounded-xl border border-stone-300 bg-white p-1 disabled:cursor-not-allowed dark:border-stone-700 dark:bg-stone-950"
          data-testid={`${testId}-picker`}
        />
        <input
          id={id}
          type="text"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} font-mono ${error ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
          data-testid={testId}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function LogoField({
  name,
  primary,
  savedUrl,
  draft,
  onDraft,
  error,
  onError,
  readOnly,
}: {
  name: string;
  primary: string;
  savedUrl: string | null;
  draft: LogoDraft;
  onDraft: (draft: LogoDraft) => void;
  error: string | null;
  onError: (message: string | null) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const shown = draft.kind === 'new' ? draft.url : draft.kind === 'remove' ? null : savedUrl;

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // Said here rather than after sending 10 MB for nothing; the server judges the bytes again.
    const problem = await checkPictureFile(file);
    if (problem) {
      onError(
        problem === 'too_large'
          ? t('manager.subpartners.logo.too_large', {
              size: f.number(Math.round((file.size / MB) * 10) / 10),
              max: UPLOAD_MAX_BYTES / MB,
            })
          : t('manager.subpartners.logo.not_image', { name: file.name }),
      );
      return;
    }
    onError(null);
    onDraft({ kind: 'new', file, url: URL.createObjectURL(file) });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!readOnly) void choose(event.dataTransfer.files[0]);
  };

  const status =
    draft.kind === 'new'
      ? t('manager.subpartners.logo.chosen', { name: draft.file.name })
      : draft.kind === 'remove'
        ? t('manager.subpartners.logo.removing')
        : savedUrl
          ? t('manager.subpartners.logo.current')
          : t('manager.subpartners.logo.none');

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!readOnly) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-2xl border-2 border-dashed p-4 transition-colors ${
        dragging
          ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-400/10'
          : error
            ? 'border-red-400 bg-red-50/40 dark:border-red-500/60 dark:bg-red-950/20'
            : 'border-stone-300 bg-stone-50/60 dark:border-stone-700 dark:bg-stone-950/40'
      }`}
      data-testid="logo-field"
    >
      <div className="flex items-center gap-4">
        <LogoTile name={name} logoUrl={shown} primary={primary} size="lg" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium" aria-live="polite" data-testid="logo-status">
            {status}
          </p>
          {readOnly ? null : (
            <div className="mt-2 flex flex-wrap gap-2">
              <label
                htmlFor={inputId}
                className="btn-secondary min-h-9 cursor-pointer px-3.5 py-1 text-[13px] focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 dark:focus-within:outline-brand-400"
              >
                <Glyph name="upload" width={16} height={16} />
                {shown ? t('manager.subpartners.logo.replace') : t('manager.subpartners.logo.choose')}
                <input
                  ref={input}
                  id={inputId}
                  type="file"
                  accept="image/png,image/webp,image/jpeg"
                  className="sr-only"
                  onChange={(event) => void choose(event.target.files?.[0])}
                  data-testid="logo-file"
                />
              </label>
              {draft.kind === 'keep' && savedUrl ? (
                <button
                  type="button"
                  className="btn-secondary min-h-9 px-3.5 py-1 text-[13px]"
                  onClick={() => {
                    onError(null);
                    onDraft({ kind: 'remove' });
                  }}
                  data-testid="logo-remove"
                >
                  {t('manager.subpartners.logo.remove')}
                </button>
              ) : null}
              {draft.kind !== 'keep' ? (
                <button
                  type="button"
                  className="btn-secondary min-h-9 px-3.5 py-1 text-[13px]"
                  onClick={() => {
                    onError(null);
                    onDraft({ kind: 'keep' });
                  }}
                  data-testid="logo-undo"
                >
                  {savedUrl
                    ? t('manager.subpartners.logo.keep_current')
                    : t('manager.subpartners.logo.no_logo')}
                </button>
              ) : null}
            </div>
          )}
        </div>
      </div>
      <p className="mt-3 text-xs text-muted" data-testid="logo-rules">
        {t('manager.subpartners.logo.rules', { max: UPLOAD_MAX_BYTES / MB, side: LOGO_MAX_SIDE })}
      </p>
      <ErrorText message={error} />
    </div>
  );
}

export interface SubpartnerEditorProps {
  values: FormValues;
  onChange: (values: FormValues) => void;
  errors: FieldErrors;
  /** The sub-partner as saved, when editing one. */
  saved?: Subpartner | undefined;
  logo: LogoDraft;
  onLogo: (draft: LogoDraft) => void;
  logoError: string | null;
  onLogoError: (message: string | null) => void;
  /** Reviewers read: every control is disabled. */
  readOnly: boolean;
  /** A new sub-partner's slug follows its name until someone types one. */
  suggestSlug?: ((name: string) => string) | undefined;
  onSubmit: (event: FormEvent) => void;
  /** The buttons below the form (save, discard or cancel). */
  actions: ReactNode;
  /** Something to say above the form (a refusal, a conflict). */
  notice?: ReactNode;
  formLabel: string;
}

export function SubpartnerEditor({
  values,
  onChange,
  errors,
  saved,
  logo,
  onLogo,
  logoError,
  onLogoError,
  readOnly,
  suggestSlug,
  onSubmit,
  actions,
  notice,
  formLabel,
}: SubpartnerEditorProps) {
  const { t } = useTranslation();
  const [slugTouched, setSlugTouched] = useState(Boolean(saved) || values.slug !== '');
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    onChange({ ...values, [key]: value });
  const slug = values.slug.trim().toLowerCase();
  const movedFrom = saved && slug !== saved.slug ? saved.slug : null;
  const deactivating = saved?.active && !values.active;
  const contrast = contrastWithWhite(values.primary_color);
  const logoUrl = logo.kind === 'new' ? logo.url : logo.kind === 'remove' ? null : (saved?.logo_url ?? null);

  // A chosen file's address lives as long as it is the draft.
  useEffect(() => {
    if (logo.kind !== 'new') return;
    const url = logo.url;
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const counter = (text: string) => (
    <span
      className={`text-xs tabular-nums ${text.trim().length > SUBPARTNER_LIMITS.welcomeMax ? 'font-semibold text-red-700 dark:text-red-300' : 'text-stone-500 dark:text-stone-400'}`}
    >
      {t('manager.subpartners.fields.count', { used: text.trim().length, max: SUBPARTNER_LIMITS.welcomeMax })}
    </span>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={formLabel} data-testid="subpartner-form">
      {notice ? <div className="mb-4">{notice}</div> : null}
      {/* Phones: the fields, the preview, then the buttons; wide screens: the preview beside them, kept in view. */}
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)]">
        <fieldset
          disabled={readOnly}
          // Read, not written: the controls look as still as they are.
          className={`grid min-w-0 gap-5 lg:col-start-1 lg:row-start-1 ${readOnly ? '[&_:is(input,textarea):disabled]:cursor-not-allowed [&_:is(input,textarea):disabled]:bg-stone-50 [&_:is(input,textarea):disabled]:text-stone-600 dark:[&_:is(input,textarea):disabled]:bg-stone-900 dark:[&_:is(input,textarea):disabled]:text-stone-400' : ''}`}
        >
          <Section title={t('manager.subpartners.sections.identity')} testId="section-identity">
            <TextInput
              label={t('manager.subpartners.fields.name')}
              value={values.name}
              onValue={(name) =>
                onChange({
                  ...values,
                  name,
                  ...(suggestSlug && !slugTouched ? { slug: suggestSlug(name) } : {}),
                })
              }
              error={errors.name}
              autoComplete="off"
              data-testid="field-name"
            />
            <div>
              <TextInput
                label={t('manager.subpartners.fields.slug')}
                value={values.slug}
                onValue={(value) => {
                  setSlugTouched(true);
                  set('slug', value.toLowerCase());
                }}
                error={errors.slug}
                hint={t('manager.subpartners.fields.slug_hint', {
                  address: publicAddress(slug || t('manager.subpartners.preview.slug_placeholder')),
                })}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                data-testid="field-slug"
              />
              {movedFrom && saved?.active ? (
                <div className="mt-3">
                  <Notice tone="warning" testId="slug-warning">
                    {t('manager.subpartners.fields.slug_warning', { old: `/${movedFrom}`, name: saved.name })}
                  </Notice>
                </div>
              ) : null}
            </div>
            <div>
              <label className="flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  checked={values.active}
                  onChange={(event) => set('active', event.target.checked)}
                  className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-300 accent-brand-700 dark:border-stone-600 dark:accent-brand-400"
                  data-testid="field-active"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                    {t('manager.subpartners.fields.active')}
                  </span>
                  <span className="block text-xs text-muted">
                    {values.active
                      ? t('manager.subpartners.fields.active_hint')
                      : t('manager.subpartners.fields.inactive_hint')}
                  </span>
                </span>
              </label>
              {deactivating ? (
                <div className="mt-3">
                  <Notice tone="warning" testId="deactivate-warning">
                    {t('manager.subpartners.fields.deactivate_warning', { address: `/${saved.slug}` })}
                  </Notice>
                </div>
              ) : null}
            </div>
          </Section>

          <Section
            title={t('manager.subpartners.sections.look')}
            lead={t('manager.subpartners.sections.look_lead')}
            testId="section-look"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <ColourField
                label={t('manager.subpartners.fields.primary_color')}
                value={values.primary_color}
                onValue={(value) => set('primary_color', value)}
                error={errors.primary_color}
                hint={
                  contrast !== null && contrast < READABLE_CONTRAST ? (
                    <span
                      className="font-medium text-amber-800 dark:text-amber-300"
                      data-testid="contrast-hint"
                    >
                      {t('manager.subpartners.fields.contrast_low')}
                    </span>
                  ) : (
                    t('manager.subpartners.fields.primary_hint')
                  )
                }
                testId="field-primary-color"
              />
              <ColourField
                label={t('manager.subpartners.fields.accent_color')}
                value={values.accent_color}
                onValue={(value) => set('accent_color', value)}
                error={errors.accent_color}
                hint={t('manager.subpartners.fields.accent_hint')}
                testId="field-accent-color"
              />
            </div>
            <div>
              <p className="mb-1.5 text-sm font-medium text-stone-800 dark:text-stone-200">
                {t('manager.subpartners.fields.logo')}
              </p>
              <LogoField
                name={values.name}
                primary={
                  HEX_COLOUR_PATTERN.test(values.primary_color.trim())
                    ? values.primary_color.trim()
                    : '#c2410c'
                }
                savedUrl={saved?.logo_url ?? null}
                draft={logo}
                onDraft={onLogo}
                error={logoError}
                onError={onLogoError}
                readOnly={readOnly}
              />
            </div>
          </Section>

          <Section
            title={t('manager.subpartners.sections.welcome')}
            lead={t('manager.subpartners.sections.welcome_lead')}
            testId="section-welcome"
          >
            <TextArea
              label={t('manager.subpartners.fields.welcome_en')}
              value={values.welcome_en}
              onValue={(value) => set('welcome_en', value)}
              error={errors.welcome_en}
              aside={counter(values.welcome_en)}
              lang="en"
              rows={3}
              data-testid="field-welcome-en"
            />
            <TextArea
              label={t('manager.subpartners.fields.welcome_fr')}
              value={values.welcome_fr}
              onValue={(value) => set('welcome_fr', value)}
              error={errors.welcome_fr}
              aside={counter(values.welcome_fr)}
              lang="fr"
              rows={3}
              data-testid="field-welcome-fr"
            />
          </Section>
        </fieldset>
        <div className="min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <SignInPreview values={values} logoUrl={logoUrl} />
          <p className="mt-2 flex items-start gap-1.5 px-1 text-xs text-muted">
            <Icon name="info" width={14} height={14} className="mt-0.5 shrink-0" />
            {t('manager.subpartners.preview.note')}
          </p>
        </div>
        {actions ? <div className="min-w-0 lg:col-start-1 lg:row-start-2">{actions}</div> : null}
      </div>
    </form>
  );
}
