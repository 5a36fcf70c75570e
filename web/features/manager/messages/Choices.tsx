// A choice among a few, as radio buttons drawn as tiles (a recipient, a metric, a reward), with
// the server's message about it below.
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../components/icons';
import { ErrorText } from '../../../components/staff/fields';

export interface Choice<Value extends string> {
  value: Value;
  label: ReactNode;
  icon?: IconName;
}

const tile =
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-stone-300 px-3.5 text-sm font-medium text-stone-800 transition-colors hover:border-stone-400 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-stone-700 dark:text-stone-200 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-400/10 dark:has-checked:text-brand-100';

export function Choices<Value extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  error,
  children,
  className = '',
  testId,
}: {
  legend: string;
  /** The radios' group name, unique in the form. */
  name: string;
  value: Value;
  choices: readonly Choice<Value>[];
  onChange: (value: Value) => void;
  error?: string | null;
  /** What the choice opens below it (a partner's field, an amount). */
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <fieldset className={className} data-testid={testId}>
      <legend className="mb-2 text-sm font-semibold text-stone-800 dark:text-stone-200">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {choices.map((choice) => (
          <label key={choice.value} className={tile}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="h-4 w-4 accent-brand-700 dark:accent-brand-400"
              data-testid={`${name}-${choice.value}`}
            />
            {choice.icon ? <Icon name={choice.icon} width={17} height={17} className="opacity-70" /> : null}
            {choice.label}
          </label>
        ))}
      </div>
      {children}
      <ErrorText message={error} />
    </fieldset>
  );
}
