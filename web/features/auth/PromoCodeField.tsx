// The desired promo code with live availability (docs/product/partners-and-accounts.md#registration): asked 300 ms after the last
// keystroke; when taken, free variants are offered as buttons that fill the field.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROMO_CODE_PATTERN } from '../../../common/validation';
import { Spinner, TextField } from '../../components/form';
import { fetchPromoAvailability } from './auth-api';

export const PROMO_CHECK_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function PromoCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const code = value.trim();
  const debounced = useDebouncedValue(code, PROMO_CHECK_DEBOUNCE_MS);
  const checkable = PROMO_CODE_PATTERN.test(debounced);
  const availability = useQuery({
    queryKey: ['promo-availability', debounced.toUpperCase()],
    queryFn: ({ signal }) => fetchPromoAvailability(debounced, signal),
    enabled: checkable,
    staleTime: 30_000,
    retry: false,
    meta: { handlesErrors: true },
  });
  const settled = checkable && debounced === code;
  const answer = settled ? availability.data : undefined;

  let status = null;
  if (settled && availability.isFetching) {
    status = (
      <span className="inline-flex items-center gap-2 text-muted">
        <Spinner /> {t('register.promo_checking')}
      </span>
    );
  } else if (answer?.available) {
    status = (
      <span className="font-medium text-green-800 dark:text-green-300">
        {t('register.promo_available', { code: answer.code })}
      </span>
    );
  } else if (answer && !answer.available) {
    status = (
      <span className="font-medium text-red-700 dark:text-red-300">
        {t('register.promo_taken', { code: answer.code })}
      </span>
    );
  }

  return (
    <TextField
      label={t('register.promo_code')}
      name="promo_code"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      placeholder={t('register.promo_code_placeholder')}
      hint={t('register.promo_code_hint')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      after={
        <div
          aria-live="polite"
          className="mt-2 text-sm"
          data-testid="promo-availability"
          data-available={answer ? String(answer.available) : undefined}
        >
          {status}
          {answer && !answer.available && answer.suggestions.length > 0 ? (
            <div className="mt-2">
              <p className="text-stone-700 dark:text-stone-300">{t('register.promo_suggestions')}</p>
              <ul className="mt-1.5 flex flex-wrap gap-2">
                {answer.suggestions.map((suggestion) => (
                  <li key={suggestion}>
                    <button
                      type="button"
                      className="rounded-full border border-brand-300 bg-brand-50 px-3 py-1 font-mono text-sm font-semibold text-brand-800 hover:bg-brand-100 dark:border-brand-700 dark:bg-brand-950 dark:text-brand-200 dark:hover:bg-brand-900"
                      data-testid="promo-suggestion"
                      aria-label={t('register.use_suggestion', { code: suggestion })}
                      onClick={() => onChange(suggestion)}
                    >
                      {suggestion}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      }
    />
  );
}
