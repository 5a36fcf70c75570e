// Form pieces the content editors share: labelled fields with their message, a list editor with
// add, remove and keyboard-reachable reordering, a tag input, chips and the confirmation dialog.
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SVGProps,
  type TextareaHTMLAttributes,
  type InputHTMLAttributes,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form';
import { StrokeIcon } from '../../../components/icons';
import { useFocusTrap } from '../../../components/use-focus-trap';

const border = (invalid: boolean) =>
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
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600 dark:text-stone-400">
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
        className={`${inputClass} ${border(Boolean(error))}`}
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
        className={`${inputClass} ${border(Boolean(error))} resize-none overflow-hidden leading-relaxed`}
        {...area}
      />
    </FieldFrame>
  );
}

const smallButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 transition-colors hover:bg-stone-100 hover:text-stone-900 disabled:pointer-events-none disabled:opacity-35 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white';

/** Move up, move down and remove for one row; labelled with the row's name for screen readers. */
export function RowTools({
  index,
  count,
  name,
  onMove,
  onRemove,
  removeDisabled,
  testId,
}: {
  index: number;
  count: number;
  /** How the row is read out: "Benefit 2". */
  name: string;
  onMove: (from: number, to: number) => void;
  onRemove?: () => void;
  removeDisabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 items-center gap-0.5" role="group" aria-label={name}>
      <button
        type="button"
        className={smallButton}
        onClick={() => onMove(index, index - 1)}
        disabled={index === 0}
        aria-label={t('manager.content.list.move_up', { name })}
        data-testid={testId ? `${testId}-up` : undefined}
      >
        <Glyph name="up" />
      </button>
      <button
        type="button"
        className={smallButton}
        onClick={() => onMove(index, index + 1)}
        disabled={index === count - 1}
        aria-label={t('manager.content.list.move_down', { name })}
        data-testid={testId ? `${testId}-down` : undefined}
      >
        <Glyph name="down" />
      </button>
      {onRemove ? (
        <button
          type="button"
          className={`${smallButton} hover:text-red-700 dark:hover:text-red-300`}
          onClick={onRemove}
          disabled={removeDisabled}
          aria-label={t('manager.content.list.remove', { name })}
          data-testid={testId ? `${testId}-remove` : undefined}
        >
          <Glyph name="trash" />
        </button>
      ) : null}
    </div>
  );
}

/** `items` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Stable keys for the rows of a list the editor reorders, so a row keeps its inputs (and the
 * focus of its move button) when it moves. The editor remounts the form when it loads another
 * text, which starts the keys again.
 */
function useRowKeys(length: number) {
  const [state, setState] = useState(() => ({ keys: Array.from({ length }, (_, i) => i), next: length }));
  const keyAt = (index: number) => state.keys[index] ?? `extra-${index}`;
  return {
    keyAt,
    add: () => setState((s) => ({ keys: [...s.keys, s.next], next: s.next + 1 })),
    remove: (index: number) => setState((s) => ({ ...s, keys: s.keys.filter((_, i) => i !== index) })),
    move: (from: number, to: number) => setState((s) => ({ ...s, keys: moved(s.keys, from, to) })),
  };
}

/**
 * A list of rows with add, remove and move up/down. The announcement after a move says where
 * the row went, since a keyboard user does not see it jump.
 */
export function ListEditor<T>({
  label,
  items,
  onChange,
  newItem,
  itemName,
  renderItem,
  min,
  max,
  addLabel,
  error,
  hint,
  testId,
}: {
  label: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  newItem: () => T;
  /** How row `index` is read out ("Benefit 2"). */
  itemName: (index: number) => string;
  renderItem: (item: T, index: number, update: (item: T) => void) => ReactNode;
  min?: number;
  max?: number;
  addLabel: string;
  error?: string | null;
  hint?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rows = useRowKeys(items.length);
  const [announcement, setAnnouncement] = useState('');
  const full = max !== undefined && items.length >= max;
  const range =
    min !== undefined && max !== undefined
      ? t('manager.content.list.range', { count: items.length, min, max })
      : null;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    rows.move(from, to);
    onChange(moved(items, from, to));
    setAnnouncement(
      t('manager.content.list.moved', { name: itemName(from), position: to + 1, count: items.length }),
    );
  };
  return (
    <fieldset className="min-w-0" data-testid={testId} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="flex w-full items-baseline justify-between gap-3 text-sm font-semibold text-stone-900 dark:text-stone-100">
        <span>{label}</span>
        {range ? (
          <span
            className={`text-xs font-medium tabular-nums ${
              (min !== undefined && items.length < min) || (max !== undefined && items.length > max)
                ? 'text-red-700 dark:text-red-300'
                : 'text-stone-500 dark:text-stone-400'
            }`}
          >
            {range}
          </span>
        ) : null}
      </legend>
      {hint ? <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{hint}</p> : null}
      <ol className="mt-2 space-y-2.5">
        {items.map((item, index) => (
          <li
            key={rows.keyAt(index)}
            className="rounded-xl border border-stone-200 bg-stone-50/70 p-2.5 sm:p-3 dark:border-stone-800 dark:bg-stone-950/40"
            data-testid={testId ? `${testId}-row` : undefined}
          >
            <div className="mb-1.5 flex items-center justify-between gap-2">
              <span className="text-xs font-semibold text-stone-500 tabular-nums dark:text-stone-400">
                {itemName(index)}
              </span>
              <RowTools
                index={index}
                count={items.length}
                name={itemName(index)}
                onMove={move}
                onRemove={() => {
                  rows.remove(index);
                  onChange(items.filter((_, i) => i !== index));
                  setAnnouncement(t('manager.content.list.removed', { name: itemName(index) }));
                }}
                testId={testId ? `${testId}-${index}` : undefined}
              />
            </div>
            {renderItem(item, index, (next) => onChange(items.map((each, i) => (i === index ? next : each))))}
          </li>
        ))}
      </ol>
      <ErrorText id={`${id}-error`} message={error} />
      <button
        type="button"
        className="mt-2.5 inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:pointer-events-none disabled:opacity-45 dark:text-brand-300 dark:hover:bg-brand-400/10"
        onClick={() => {
          rows.add();
          onChange([...items, newItem()]);
        }}
        disabled={full}
        data-testid={testId ? `${testId}-add` : undefined}
      >
        <Glyph name="plus" width={16} height={16} />
        {addLabel}
      </button>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

/**
 * A set of tags typed one by one: Enter or a comma (and a space, for hashtags) adds what was
 * typed, Backspace in an empty box takes the last one back. With `hashtags` a missing # is added.
 */
export function TagInput({
  label,
  value,
  onChange,
  hashtags = false,
  errors = {},
  hint,
  placeholder,
  maxLength,
  maxTags,
  testId,
}: {
  label: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  hashtags?: boolean;
  /** The longest a tag may be, and how many the set may hold. */
  maxLength?: number;
  maxTags?: number;
  /** By index ("2") for a tag, "" for the whole set. */
  errors?: Record<string, string>;
  hint?: ReactNode;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  // Said under the box when a tag cannot be added (already there, too long, one too many).
  const [refusal, setRefusal] = useState<string | null>(null);
  const tagErrors = Object.entries(errors).filter(([key]) => key !== '');
  const setError = errors[''];
  // A hashtag is one word; a plain tag may hold spaces ("morning routine"), never a comma.
  const normalise = (raw: string) => {
    if (!hashtags) return raw.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
    const word = raw.replace(/[,\s]+/g, '');
    return word && !word.startsWith('#') ? `#${word}` : word;
  };
  const commit = () => {
    const tag = normalise(text);
    if (!tag) return;
    if (value.some((each) => each.toLowerCase() === tag.toLowerCase())) {
      setRefusal(t('manager.content.tags.duplicate', { tag }));
      return;
    }
    if (maxLength !== undefined && tag.length > maxLength) {
      setRefusal(t('manager.content.tags.too_long', { count: maxLength }));
      return;
    }
    if (maxTags !== undefined && value.length >= maxTags) {
      setRefusal(t('manager.content.tags.too_many', { count: maxTags }));
      return;
    }
    setRefusal(null);
    onChange([...value, tag]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || (hashtags && event.key === ' ')) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      setText(value[value.length - 1] ?? '');
      onChange(value.slice(0, -1));
    }
  };
  const invalid = Boolean(setError) || tagErrors.length > 0;
  const describedBy =
    [hint ? `${id}-hint` : null, invalid || refusal ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div data-testid={testId}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-xl border bg-white px-2 py-1.5 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-brand-600 dark:bg-stone-950 dark:focus-within:outline-brand-400 ${border(invalid)}`}
      >
        <ul className="contents" aria-label={label}>
          {value.map((tag, index) => {
            const bad = errors[String(index)];
            return (
              <li
                key={`${tag}-${index}`}
                className={`inline-flex max-w-full items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-sm font-medium ${
                  bad
                    ? 'bg-red-50 text-red-800 ring-1 ring-red-600/30 dark:bg-red-950/60 dark:text-red-200'
                    : 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100'
                }`}
                data-testid={testId ? `${testId}-tag` : undefined}
              >
                <span className="truncate">{tag}</span>
                <button
                  type="button"
                  className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-200 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-stone-700 dark:hover:text-white"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  aria-label={t('manager.content.tags.remove', { tag })}
                >
                  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                    <path
                      d="M6 6l12 12M18 6 6 18"
                      stroke="currentColor"
                      strokeWidth={2.2}
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
        <input
          id={id}
          value={text}
          onChange={(event) => {
            setRefusal(null);
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={commit}
          placeholder={placeholder ?? t('manager.content.tags.placeholder')}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-7 min-w-28 flex-1 bg-transparent px-1 text-base text-stone-900 placeholder:text-stone-400 focus:outline-none sm:text-sm dark:text-stone-100 dark:placeholder:text-stone-500"
          data-testid={testId ? `${testId}-input` : undefined}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      <div id={`${id}-error`}>
        <ErrorText message={refusal} />
        <ErrorText message={setError} />
        {tagErrors.map(([index, message]) => (
          <ErrorText key={index} message={`${value[Number(index)] ?? ''}: ${message}`} />
        ))}
      </div>
    </div>
  );
}

export function Chip({
  tone = 'neutral',
  children,
  testId,
}: {
  tone?: 'neutral' | 'brand' | 'warning' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  const tones = {
    neutral: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
    brand: 'bg-brand-50 text-brand-800 ring-1 ring-brand-600/20 dark:bg-brand-400/10 dark:text-brand-200',
    warning:
      'bg-amber-50 text-amber-800 ring-1 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30',
    success:
      'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300',
    info: 'bg-sky-50 text-sky-800 ring-1 ring-sky-600/20 dark:bg-sky-400/10 dark:text-sky-300',
  };
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** A modal panel: a sheet from the bottom on phones, centred from `sm` up. Focus stays inside. */
export function Dialog({
  title,
  description,
  onClose,
  busy = false,
  size = 'md',
  children,
  footer,
  testId,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  busy?: boolean;
  size?: 'md' | 'xl';
  children?: ReactNode;
  footer: ReactNode;
  testId?: string;
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const busyNow = useRef(busy);
  useEffect(() => {
    close.current = onClose;
    busyNow.current = busy;
  });
  // One stable callback for the trap: a new one each render would move focus back to the start.
  const escape = useCallback(() => {
    if (!busyNow.current) close.current();
  }, []);
  useFocusTrap(panel, true, escape);
  // Into the body: a dialog opened from inside a sticky column would otherwise be layered
  // within that column, under the shell's header.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        className="absolute inset-0 bg-stone-950/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={escape}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-body` : undefined}
        data-testid={testId}
        className={`card relative flex max-h-[92dvh] w-full flex-col rounded-b-none shadow-xl sm:rounded-2xl ${
          size === 'xl' ? 'sm:max-w-3xl' : 'sm:max-w-md'
        }`}
      >
        <div className="min-h-0 flex-1 overflow-y-auto p-5 sm:p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description ? (
            <div id={`${id}-body`} className="mt-1.5 text-sm text-stone-600 dark:text-stone-400">
              {description}
            </div>
          ) : null}
          {children}
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6 dark:border-stone-800">
          {footer}
        </div>
      </div>
    </div>,
    document.body,
  );
}

export const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-70 dark:bg-red-500 dark:text-stone-950 dark:hover:bg-red-400';

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  busyLabel,
  busy,
  error,
  danger = false,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={title}
      description={body}
      onClose={onClose}
      busy={busy}
      testId={testId}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {t('manager.content.cancel')}
          </button>
          <button
            type="button"
            className={danger ? dangerButton : 'btn-primary'}
            onClick={onConfirm}
            disabled={busy}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
    </Dialog>
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
