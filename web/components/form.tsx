// Form controls shared by the identity screens: a visible label on every control, the field's
// message right under it (linked with aria-describedby), and stable test ids.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export const inputClass =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-stone-900 shadow-xs placeholder:text-stone-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 sm:text-sm dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-500 dark:focus:outline-brand-400';

const borderClass = (invalid: boolean) =>
  invalid ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700';

export function FieldMessage({ id, message }: { id: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300" data-field-error="">
      {message}
    </p>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Extra content after the input (availability status, suggestions). */
  after?: ReactNode;
  /** A small control on the label's line (show/hide password). */
  labelAction?: ReactNode;
  testId?: string;
}

export function TextField({
  label,
  name,
  error,
  hint,
  after,
  labelAction,
  testId,
  className = '',
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
          {label}
        </label>
        {labelAction}
      </div>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId ?? `field-${name}`}
        className={`${inputClass} ${borderClass(Boolean(error))}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
      {after}
    </div>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      labelAction={
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-pressed={shown}
          className="rounded px-1 text-xs font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          {shown ? t('form.hide_password') : t('form.show_password')}
          <span className="sr-only"> ({props.label})</span>
        </button>
      }
    />
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  name: string;
  error?: string | null | undefined;
  /** A line under the field saying what it is for. */
  hint?: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function SelectField({
  label,
  name,
  error,
  hint,
  testId,
  className = '',
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId ?? `field-${name}`}
        className={`${inputClass} ${borderClass(Boolean(error))}`}
        {...select}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

export function Spinner({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent ${className}`}
    />
  );
}

export function SubmitButton({
  busy,
  children,
  testId,
  className = '',
}: {
  busy?: boolean;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid={testId}
      className={`btn-primary ${className}`}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** A message for the whole form (success or problem), announced to screen readers. */
export function FormNotice({
  kind,
  children,
  testId,
}: {
  kind: 'success' | 'error' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  const style = {
    success:
      'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
    error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  }[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-xl border px-4 py-3 text-sm ${style}`}
    >
      {children}
    </div>
  );
}
