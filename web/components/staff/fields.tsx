// The back office's form pieces: labelled fields with their hint and message, the strokes the
// shared icon set does not draw, and a notice with its actions.
import {
  useId,
  useLayoutEffect,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SVGProps,
  type TextareaHTMLAttributes,
} from 'react';
import { inputClass } from '../form';
import { StrokeIcon } from '../icons';

/** A field's border: red while it holds an error. */
export const fieldBorder = (invalid: boolean) =>
  invalid ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700';

/** Small strokes the shared icon set does not draw. */
const GLYPHS = {
  plus: <path d="M12 5v14M5 12h14" />,
  trash: (
    <>
      <path d="M4 7h16M10 11v6M14 11v6" />
      <path d="M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </>
  ),
  up: <path d="m6 14 6-6 6 6" />,
  down: <path d="m6 10 6 6 6-6" />,
  eye: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  history: (
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 2" />
    </>
  ),
  upload: <path d="M12 16V4m0 0-5 5m5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
} as const;
export type GlyphName = keyof typeof GLYPHS;

export function Glyph({ name, ...props }: { name: GlyphName } & SVGProps<SVGSVGElement>) {
  return (
    <StrokeIcon width="18" height="18" strokeWidth={1.9} {...props}>
      {GLYPHS[name]}
    </StrokeIcon>
  );
}

export function ErrorText({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300" data-field-error="">
      {message}
    </p>
  );
}

interface FieldProps {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Shown on the label's line, at its end (a counter). */
  aside?: ReactNode;
  /** A label read by screen readers only (a row's field whose column already says what it is). */
  hiddenLabel?: boolean;
  className?: string;
}

/** The ids and ARIA attributes a control needs to be named and described by its field. */
function useFieldIds(error: string | null | undefined, hint: ReactNode) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, describedBy: describedBy || undefined };
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  aside,
  hiddenLabel,
  className = '',
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <div className={hiddenLabel ? 'sr-only' : 'mb-1.5 flex items-baseline justify-between gap-3'}>
        <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextInput({
  label,
  error,
  hint,
  aside,
  hiddenLabel,
  className,
  value,
  onValue,
  ...input
}: FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> & {
    value: string;
    onValue: (value: string) => void;
  }) {
  const { id, describedBy } = useFieldIds(error, hint);
  return (
    <FieldFrame {...{ id, label, error, hint, aside, hiddenLabel, className }}>
      <input
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} ${fieldBorder(Boolean(error))}`}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  aside,
  hiddenLabel,
  className,
  value,
  onValue,
  rows = 3,
  ...area
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'className'> & {
    value: string;
    onValue: (value: string) => void;
  }) {
  const { id, describedBy } = useFieldIds(error, hint);
  const ref = useRef<HTMLTextAreaElement>(null);
  // Grows with its text (never below `rows`), so a long benefit or caption is read whole rather
  // than scrolled inside a small box; again when the width changes how the lines wrap.
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    const fit = () => {
      area.style.height = 'auto';
      // Not laid out (a closed section): keep `rows` rather than a height measured as nothing.
      if (area.clientWidth === 0) return;
      const borders = area.offsetHeight - area.clientHeight;
      area.style.height = `${area.scrollHeight + borders}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [value]);
  return (
    <FieldFrame {...{ id, label, error, hint, aside, hiddenLabel, className }}>
      <textarea
        ref={ref}
        id={id}
        value={value}
        rows={rows}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClass} ${fieldBorder(Boolean(error))} resize-none overflow-hidden leading-relaxed`}
        {...area}
      />
    </FieldFrame>
  );
}

/** A notice across the editor (a conflict, a refusal), with its actions. */
export function Notice({
  tone,
  children,
  actions,
  testId,
}: {
  tone: 'warning' | 'error' | 'success';
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const tones = {
    warning:
      'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-500/40 dark:bg-amber-950/50 dark:text-amber-100',
    error:
      'border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-950/50 dark:text-red-100',
    success:
      'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-500/40 dark:bg-emerald-950/40 dark:text-emerald-100',
  };
  return (
    <div
      role={tone === 'success' ? 'status' : 'alert'}
      className={`flex flex-col gap-3 rounded-2xl border px-4 py-3 text-sm sm:flex-row sm:items-center ${tones[tone]}`}
      data-testid={testId}
    >
      <div className="flex-1">{children}</div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
