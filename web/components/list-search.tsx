// A list's search box, bound to the URL's query.
import { useEffect, useState } from 'react';
import { Icon } from './icons';

/** How long typing pauses before a list's search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: it updates the URL once typing pauses (or at Enter), and follows the URL
 * (back, reload, a link) when it changes from outside.
 */
export function ListSearch({
  value,
  onSearch,
  id,
  label,
  placeholder,
  testId,
}: {
  value: string;
  onSearch: (q: string) => void;
  id: string;
  label: string;
  placeholder: string;
  testId: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div role="search" className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon
        name="search"
        width={18}
        height={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone-500 dark:text-stone-400"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        data-testid={testId}
        className="block min-h-10 w-full rounded-full border border-stone-300 bg-white py-2 pr-3 pl-9 text-base text-stone-900 placeholder:text-stone-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 sm:text-sm dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 dark:focus:outline-brand-400"
      />
    </div>
  );
}
