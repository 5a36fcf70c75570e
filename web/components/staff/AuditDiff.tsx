// One audit line's before and after, readable: each field that changed with what it was and what
// it became, highlighted (and named, not by colour alone); the unchanged fields folded away; a
// creation or a deletion as the list of its values. The raw JSON stays one click away.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { diffStates, type AuditState, type DiffKind, type DiffRow } from './audit-diff';

const ROW_TONES: Record<DiffKind, string> = {
  changed: 'border-l-amber-500 bg-amber-50/70 dark:border-l-amber-400 dark:bg-amber-400/[0.07]',
  added: 'border-l-emerald-500 bg-emerald-50/70 dark:border-l-emerald-400 dark:bg-emerald-400/[0.07]',
  removed: 'border-l-rose-500 bg-rose-50/70 dark:border-l-rose-400 dark:bg-rose-400/[0.07]',
  same: 'border-l-transparent',
};

const CHIP_TONES: Record<Exclude<DiffKind, 'same'>, string> = {
  changed: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  added: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  removed: 'bg-rose-100 text-rose-900 dark:bg-rose-400/15 dark:text-rose-200',
};

const isEmpty = (value: unknown) =>
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

type PartnerRef = { uuid: string; name: string } | null | undefined;

/** A value as text: yes/no, lists joined, long text kept with its line breaks; the partner's uuid by their name. */
function Value({ value, tone, partner }: { value: unknown; tone?: 'old' | 'new'; partner?: PartnerRef }) {
  const { t } = useTranslation();
  if (value === undefined) return <span className="text-stone-400 dark:text-stone-500">—</span>;
  if (partner && value === partner.uuid)
    return (
      <span className="break-words">
        {partner.name}{' '}
        <span className="font-mono text-xs text-stone-500 dark:text-stone-400">{partner.uuid}</span>
      </span>
    );
  if (isEmpty(value))
    return (
      <span className="text-stone-500 italic dark:text-stone-400">{t('manager.audit.diff.empty_value')}</span>
    );
  let text: string;
  if (typeof value === 'boolean') text = value ? t('manager.audit.diff.yes') : t('manager.audit.diff.no');
  else if (Array.isArray(value))
    text = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  const toneClass =
    tone === 'old'
      ? 'text-stone-600 line-through decoration-rose-500/60 dark:text-stone-400 dark:decoration-rose-400/60'
      : tone === 'new'
        ? 'font-medium text-stone-900 dark:text-white'
        : 'text-stone-800 dark:text-stone-200';
  return <span className={`break-words whitespace-pre-wrap ${toneClass}`}>{text}</span>;
}

function FieldName({ row, chip }: { row: DiffRow; chip: boolean }) {
  const { t } = useTranslation();
  return (
    <dt className="flex min-w-0 flex-wrap items-center gap-1.5">
      <span className="font-mono text-[13px] break-all text-stone-700 dark:text-stone-300">
        {row.path.length ? row.path.join(' › ') : '—'}
      </span>
      {chip && row.kind !== 'same' ? (
        <span
          className={`rounded-full px-1.5 py-px text-[11px] font-semibold ${CHIP_TONES[row.kind]}`}
          data-testid="diff-kind"
        >
          {t(`manager.audit.diff.${row.kind}`)}
        </span>
      ) : null}
    </dt>
  );
}

/** One field of a change: its name, what it was, what it became. */
function ChangeRow({ row, partner }: { row: DiffRow; partner?: PartnerRef }) {
  const { t } = useTranslation();
  const label =
    'mb-0.5 block text-[11px] font-semibold tracking-wide text-stone-500 uppercase md:sr-only dark:text-stone-400';
  return (
    <div
      className={`grid gap-x-4 gap-y-1.5 border-t border-l-4 border-t-stone-200/80 px-3 py-2.5 first:border-t-0 md:first:border-t md:grid-cols-[minmax(10rem,1fr)_2fr_2fr] dark:border-t-stone-800 ${ROW_TONES[row.kind]}`}
      data-testid="diff-row"
      data-kind={row.kind}
    >
      <FieldName row={row} chip />
      <dd className="min-w-0">
        <span className={label}>{t('manager.audit.diff.before')}</span>
        <Value value={row.before} tone={row.kind === 'same' ? undefined : 'old'} partner={partner} />
      </dd>
      <dd className="min-w-0">
        <span className={label}>{t('manager.audit.diff.after')}</span>
        <Value value={row.after} tone={row.kind === 'same' ? undefined : 'new'} partner={partner} />
      </dd>
    </div>
  );
}

/** A creation's or a deletion's values: one column. */
function ValuesList({
  rows,
  side,
  partner,
}: {
  rows: DiffRow[];
  side: 'before' | 'after';
  partner?: PartnerRef;
}) {
  return (
    <dl className="overflow-hidden rounded-xl border border-stone-200 dark:border-stone-800">
      {rows.map((row) => (
        <div
          key={row.path.join('\u0000')}
          className="grid gap-x-4 gap-y-1 border-t border-stone-200/80 px-3 py-2.5 first:border-t-0 md:grid-cols-[minmax(10rem,1fr)_4fr] dark:border-stone-800"
          data-testid="diff-row"
          data-kind={row.kind}
        >
          <FieldName row={row} chip={false} />
          <dd className="min-w-0">
            <Value value={side === 'before' ? row.before : row.after} partner={partner} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}

export function AuditDiff({
  before,
  after,
  partner,
}: {
  before: AuditState | null;
  after: AuditState | null;
  /** The partner the change concerns: their uuid in a value shows as their name. */
  partner?: PartnerRef;
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => diffStates(before, after), [before, after]);
  const [showSame, setShowSame] = useState(false);
  const listId = useId();
  const headingClass =
    'mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400';

  let body: ReactNode;
  if (rows.length === 0) body = <Note>{t('manager.audit.diff.nothing')}</Note>;
  else if (!before || !after)
    body = (
      <>
        <p className={headingClass}>
          {t(before ? 'manager.audit.diff.deleted' : 'manager.audit.diff.created')}
        </p>
        <ValuesList rows={rows} side={before ? 'before' : 'after'} partner={partner} />
      </>
    );
  else {
    const changed = rows.filter((row) => row.kind !== 'same');
    const same = rows.filter((row) => row.kind === 'same');
    body = (
      <>
        {changed.length === 0 ? <Note>{t('manager.audit.diff.no_change')}</Note> : null}
        {changed.length || showSame ? (
          <div className="overflow-hidden rounded-xl border border-stone-200 dark:border-stone-800">
            {/* Column heads for wide screens; below that width each value names its side. */}
            <div
              aria-hidden="true"
              className="hidden gap-x-4 border-l-4 border-l-transparent bg-stone-50 px-3 py-2 text-[11px] font-semibold tracking-wide text-stone-500 uppercase md:grid md:grid-cols-[minmax(10rem,1fr)_2fr_2fr] dark:bg-stone-900 dark:text-stone-400"
            >
              <span>{t('manager.audit.diff.field')}</span>
              <span>{t('manager.audit.diff.before')}</span>
              <span>{t('manager.audit.diff.after')}</span>
            </div>
            <dl id={listId} data-testid="diff-changes">
              {changed.map((row) => (
                <ChangeRow key={row.path.join('\u0000')} row={row} partner={partner} />
              ))}
              {showSame
                ? same.map((row) => <ChangeRow key={row.path.join('\u0000')} row={row} partner={partner} />)
                : null}
            </dl>
          </div>
        ) : null}
        {same.length ? (
          <button
            type="button"
            className="link mt-2 text-sm"
            aria-expanded={showSame}
            aria-controls={listId}
            onClick={() => setShowSame((shown) => !shown)}
            data-testid="diff-toggle-unchanged"
          >
            {showSame
              ? t('manager.audit.diff.hide_unchanged')
              : t('manager.audit.diff.show_unchanged', { count: same.length })}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <div data-testid="audit-diff">
      {body}
      {before || after ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-stone-600 select-none hover:text-stone-900 dark:text-stone-400 dark:hover:text-white">
            {t('manager.audit.diff.raw')}
          </summary>
          <div className="mt-2 grid gap-3 md:grid-cols-2">
            {(
              [
                ['before', before],
                ['after', after],
              ] as const
            ).map(([side, state]) => (
              <div key={side} className="min-w-0">
                <p className="mb-1 text-xs font-semibold text-stone-500 dark:text-stone-400">
                  {t(`manager.audit.diff.${side}`)}
                </p>
                <pre className="max-h-64 overflow-auto rounded-lg bg-stone-100 p-2.5 font-mono text-xs break-words whitespace-pre-wrap text-stone-800 dark:bg-stone-950 dark:text-stone-200">
                  {state ? JSON.stringify(state, null, 2) : t('manager.audit.diff.empty_value')}
                </pre>
              </div>
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
