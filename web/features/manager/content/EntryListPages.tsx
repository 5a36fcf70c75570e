// /manager/content (talking points of the 16 products) and /manager/content/pages (the five
// pages): per locale, the current version, who changed it last and when, and a mark where the
// release ships a text that differs from the one in use. Each locale opens its editor.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SLUGS } from '../../../../common/content';
import { LOCALES, type Locale } from '../../../../common/i18n';
import { isProductCode, PRODUCT_CODES } from '../../../../common/products';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { serverMessage, useEntryList, type EntryKind, type LocaleMeta } from '../content-api';
import { ContentHeader } from './ContentNav';
import { useAuthorName } from './VersionsPanel';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, type TableColumn } from '../../../components/table';
import { useWideLayout } from '../../../components/staff/table-or-cards';
import { useDateTime } from '../../../lib/format';
import { Chip } from '../../../components/staff/chips';

interface Row {
  id: string;
  name: string;
  locales: Partial<Record<Locale, LocaleMeta | null>>;
}

function LocaleSummary({ meta }: { meta: LocaleMeta | null | undefined }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const author = useAuthorName();
  if (!meta) return <span className="text-stone-500 dark:text-stone-400">—</span>;
  return (
    <span className="block text-xs leading-relaxed text-muted">
      <span className="font-semibold text-stone-800 tabular-nums dark:text-stone-200">
        {t('manager.content.versions.number', { version: meta.version })}
      </span>
      {' · '}
      {author(meta.updated_by, meta.source)}
      <span className="block">{dateTime(meta.updated_at)}</span>
      {meta.seed_differs ? (
        <span className="mt-1 block">
          <Chip tone="warning" testId="seed-differs">
            {t('manager.content.seed_differs')}
          </Chip>
        </span>
      ) : null}
    </span>
  );
}

function EditLink({ to, name, locale }: { to: string; name: string; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-stone-300 px-3 text-sm font-semibold text-stone-800 transition-colors hover:border-brand-600 hover:text-brand-800 dark:border-stone-700 dark:text-stone-100 dark:hover:border-brand-400 dark:hover:text-brand-200"
      aria-label={t('manager.content.list.edit_name', {
        name,
        locale: t(`manager.content.locales.${locale}`),
      })}
      data-testid={`edit-${locale}`}
    >
      <Icon name="pen" width={15} height={15} />
      {t('manager.content.list.edit')}
    </Link>
  );
}

function EntryTable({
  rows,
  pathFor,
  nameHeader,
}: {
  rows: Row[];
  pathFor: (id: string, locale: Locale) => string;
  nameHeader: string;
}) {
  const { t } = useTranslation();
  const td = 'border-b border-stone-100 px-3 py-3 align-top first:pl-5 last:pr-5 dark:border-stone-800/70';
  const columns: TableColumn[] = [
    { key: 'name', header: nameHeader },
    ...LOCALES.map((locale) => ({ key: locale, header: t(`manager.content.locales.${locale}`) })),
  ];
  return (
    <ListTable caption={nameHeader} testId="content-table" columns={columns}>
      {rows.map((row) => (
        <tr key={row.id} data-testid="content-row" data-id={row.id}>
          <th scope="row" className={`${td} text-left font-semibold`}>
            {row.name}
            <span className="mt-0.5 block font-mono text-xs font-normal text-stone-500 dark:text-stone-400">
              {row.id}
            </span>
          </th>
          {LOCALES.map((locale) => (
            <td key={locale} className={td}>
              <div className="flex items-start gap-3">
                <EditLink to={pathFor(row.id, locale)} name={row.name} locale={locale} />
                <LocaleSummary meta={row.locales[locale]} />
              </div>
            </td>
          ))}
        </tr>
      ))}
    </ListTable>
  );
}

function EntryCards({
  rows,
  pathFor,
  label,
}: {
  rows: Row[];
  pathFor: (id: string, locale: Locale) => string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2.5" aria-label={label}>
      {rows.map((row) => (
        <li
          key={row.id}
          className="rounded-xl border border-stone-200 bg-white p-3.5 dark:border-stone-800 dark:bg-stone-900"
          data-testid="content-row"
          data-id={row.id}
        >
          <p className="font-semibold">{row.name}</p>
          <div className="mt-2.5 grid grid-cols-2 gap-3">
            {LOCALES.map((locale) => (
              <div key={locale} className="min-w-0 space-y-1.5">
                <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
                  {t(`manager.content.locales.${locale}`)}
                </p>
                <EditLink to={pathFor(row.id, locale)} name={row.name} locale={locale} />
                <LocaleSummary meta={row.locales[locale]} />
              </div>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

function EntryListPage({
  kind,
  rows,
  title,
  lead,
  nameHeader,
  pathFor,
}: {
  kind: EntryKind;
  rows: (data: unknown[]) => Row[];
  title: string;
  lead: string;
  nameHeader: string;
  pathFor: (id: string, locale: Locale) => string;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const wide = useWideLayout();
  const list = useEntryList(kind);
  useSignOutOnUnauthorized(list.error);
  let body;
  if (list.isPending)
    body = (
      <div role="status" className="card space-y-3 p-5" data-testid="content-loading">
        <span className="sr-only">{t('loading')}</span>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-10" />
        ))}
      </div>
    );
  else if (list.isError && !list.data)
    body = (
      <div className="card">
        <EmptyState
          icon="alert"
          title={t('manager.content.list.load_failed')}
          body={serverMessage(list.error) ?? undefined}
          testId="content-error"
        >
          <button type="button" className="btn-secondary mt-4" onClick={() => void list.refetch()}>
            {t('manager.shell.retry')}
          </button>
        </EmptyState>
      </div>
    );
  else {
    const shown = rows(list.data ?? []);
    body = wide ? (
      <div className="card overflow-x-auto">
        <EntryTable rows={shown} pathFor={pathFor} nameHeader={nameHeader} />
      </div>
    ) : (
      <EntryCards rows={shown} pathFor={pathFor} label={nameHeader} />
    );
  }
  return (
    <>
      <ContentHeader lead={lead} />
      {body}
    </>
  );
}

const order = <T,>(items: T[], key: (item: T) => string, known: readonly string[]) =>
  [...items].sort((a, b) => {
    const ia = known.indexOf(key(a));
    const ib = known.indexOf(key(b));
    return (ia < 0 ? known.length : ia) - (ib < 0 ? known.length : ib);
  });

export function ProductsListPage() {
  const { t } = useTranslation();
  return (
    <EntryListPage
      kind="products"
      title={t('titles.manager_content_products')}
      lead={t('manager.content.list.products_lead')}
      nameHeader={t('manager.content.list.product')}
      pathFor={(code, locale) => `/manager/content/products/${code}/${locale}`}
      rows={(data) =>
        order(
          data as { code: string; name?: string; locales: Row['locales'] }[],
          (row) => row.code,
          PRODUCT_CODES,
        ).map((row) => ({
          id: row.code,
          name: row.name || (isProductCode(row.code) ? t(`products.${row.code}.name`) : row.code),
          locales: row.locales,
        }))
      }
    />
  );
}

export function PagesListPage() {
  const { t } = useTranslation();
  return (
    <EntryListPage
      kind="pages"
      title={t('titles.manager_content_pages')}
      lead={t('manager.content.list.pages_lead')}
      nameHeader={t('manager.content.list.page')}
      pathFor={(slug, locale) => `/manager/content/pages/${slug}/${locale}`}
      rows={(data) =>
        order(data as { slug: string; locales: Row['locales'] }[], (row) => row.slug, PAGE_SLUGS).map(
          (row) => ({
            id: row.slug,
            // The back office names pages in the staff member's language, whatever the page's title says.
            name: (PAGE_SLUGS as readonly string[]).includes(row.slug)
              ? t(`titles.${row.slug as (typeof PAGE_SLUGS)[number]}`)
              : row.slug,
            locales: row.locales,
          }),
        )
      }
    />
  );
}
