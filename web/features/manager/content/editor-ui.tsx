// Form pieces the content editors share: a list editor with add, remove and keyboard-reachable
// reordering, and a tag input (the fields, chips and dialogs every section uses are
// components/staff/).
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText, fieldBorder, Glyph } from '../../../components/staff/fields';

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
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
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
        className={`flex flex-wrap items-center gap-1.5 rounded-xl border bg-white px-2 py-1.5 focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-brand-600 dark:bg-stone-950 dark:focus-within:outline-brand-400 ${fieldBorder(invalid)}`}
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
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
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
