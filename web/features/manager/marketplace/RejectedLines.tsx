// Rejected lines of a report, each with its number in the file and the reason: a table from `md`
// up, a list below it. The import's result and each past import open to the same view.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import type { RejectedLine } from './marketplace-api';
import { ListTable } from '../../../components/table';
import { useWideLayout } from '../../../components/staff/table-or-cards';

export function RejectedLines({ lines, label }: { lines: readonly RejectedLine[]; label: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const wide = useWideLayout();
  if (wide)
    return (
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
        <ListTable
          caption={label}
          testId="rejected-lines"
          columns={[
            { key: 'line', header: t('manager.marketplace.columns.line'), className: 'w-24' },
            { key: 'reason', header: t('manager.marketplace.columns.reason') },
          ]}
        >
          {lines.map((line, index) => (
            <tr
              key={`${line.line}-${index}`}
              data-testid="rejected-line"
              data-line={line.line}
              data-code={line.code}
            >
              <td className="border-b border-stone-100 py-2.5 pr-3 pl-5 align-top font-semibold whitespace-nowrap text-stone-900 tabular-nums dark:border-stone-800/70 dark:text-white">
                {f.number(line.line)}
              </td>
              <td className="border-b border-stone-100 py-2.5 pr-5 pl-3 align-top break-words text-stone-700 dark:border-stone-800/70 dark:text-stone-300">
                {line.reason}
              </td>
            </tr>
          ))}
        </ListTable>
      </div>
    );
  return (
    <ul
      className="divide-y divide-stone-100 overflow-hidden rounded-xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900"
      aria-label={label}
      data-testid="rejected-lines"
    >
      {lines.map((line, index) => (
        <li
          key={`${line.line}-${index}`}
          className="px-3.5 py-2.5 text-sm"
          data-testid="rejected-line"
          data-line={line.line}
          data-code={line.code}
        >
          <p className="text-xs font-semibold text-stone-900 tabular-nums dark:text-white">
            {t('manager.marketplace.line_n', { line: f.number(line.line) })}
          </p>
          <p className="mt-0.5 break-words text-stone-700 dark:text-stone-300">{line.reason}</p>
        </li>
      ))}
    </ul>
  );
}
