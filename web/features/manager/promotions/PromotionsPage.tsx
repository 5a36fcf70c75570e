// /manager/promotions: the month's promotions. The page is the shared bilingual one (../messages)
// with what a promotion adds: a product's artwork as its image and the days it runs (the current
// month unless changed), shown in the list with a chip saying whether it runs today.
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { formatDay, monthBounds } from '../messages/calendar';
import type { FieldsContext, FormFields } from '../messages/MessageForm';
import { MessagesPage, SentLine, type ListView } from '../messages/MessagesPage';
import {
  promotionStatus,
  useProductArtwork,
  useProductNames,
  type Promotion,
  type PromotionStatus,
} from './promotions-api';
import { Chip } from '../../../components/staff/chips';
import { TextInput } from '../../../components/staff/fields';

interface PromotionValues {
  /** A product code, or '' for no image. */
  product: string;
  starts_on: string;
  ends_on: string;
}

/** An image, or a plain tile saying there is none. */
function Artwork({
  url,
  alt,
  size,
}: {
  url: string | null | undefined;
  alt: string;
  size: 'small' | 'large';
}) {
  const box = size === 'small' ? 'h-14 w-14 rounded-lg' : 'h-24 w-24 rounded-xl';
  if (url)
    return (
      <img
        src={url}
        alt={alt}
        className={`${box} border border-stone-200 bg-white object-cover dark:border-stone-700`}
        data-testid="promotion-image"
      />
    );
  return (
    <span
      className={`${box} inline-flex items-center justify-center border border-dashed border-stone-300 text-stone-400 dark:border-stone-700 dark:text-stone-500`}
      data-testid="promotion-no-image"
    >
      <Icon name="image" width={size === 'small' ? 20 : 26} height={size === 'small' ? 20 : 26} />
    </span>
  );
}

/** The chosen product's artwork, as it will show; the item's own while its product is kept. */
function ArtworkPreview({ code, name, known }: { code: string; name: string; known: string | null }) {
  const { t } = useTranslation();
  const fetched = useProductArtwork(code);
  const url = known ?? fetched;
  if (url === undefined)
    return (
      <span
        role="status"
        className="inline-flex h-24 w-24 animate-pulse rounded-xl bg-stone-200/80 dark:bg-stone-800"
      >
        <span className="sr-only">{t('manager.promotions.image.loading')}</span>
      </span>
    );
  return (
    <span className="flex items-center gap-3">
      <Artwork url={url} alt={name} size="large" />
      {url ? null : (
        <span className="max-w-40 text-xs text-muted">{t('manager.promotions.image.missing')}</span>
      )}
    </span>
  );
}

function PromotionFields({
  values,
  change,
  error,
  known,
}: FieldsContext<PromotionValues> & { known: Promotion | undefined }) {
  const { t } = useTranslation();
  const products = useProductNames();
  const chosen = products.find((product) => product.code === values.product);
  // Either date settles the other's message too (an end before the start names one of them).
  const setDate = (patch: Partial<PromotionValues>) => change(patch, 'starts_on', 'ends_on');
  return (
    <div className="mt-5 grid gap-5 border-t border-stone-200 pt-5 lg:grid-cols-2 dark:border-stone-800">
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label={t('manager.promotions.image.label')}
          name="product"
          value={values.product}
          onChange={(event) => change({ product: event.target.value }, 'product')}
          error={error('product')}
          className="min-w-48 flex-1"
          testId="promotion-product"
        >
          <option value="">{t('manager.promotions.image.none')}</option>
          {products.map((product) => (
            <option key={product.code} value={product.code}>
              {product.name}
            </option>
          ))}
        </SelectField>
        {chosen ? (
          <ArtworkPreview
            key={chosen.code}
            code={chosen.code}
            name={chosen.name}
            known={known?.product === chosen.code ? known.image_url : null}
          />
        ) : (
          <Artwork url={null} alt="" size="large" />
        )}
        <p className="w-full text-xs text-muted">{t('manager.promotions.image.hint')}</p>
      </div>
      <div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            type="date"
            label={t('manager.promotions.starts_on')}
            value={values.starts_on}
            onValue={(starts_on) => setDate({ starts_on })}
            error={error('starts_on')}
            data-testid="promotion-starts-on"
          />
          <TextInput
            type="date"
            label={t('manager.promotions.ends_on')}
            value={values.ends_on}
            min={values.starts_on || undefined}
            onValue={(ends_on) => setDate({ ends_on })}
            error={error('ends_on')}
            data-testid="promotion-ends-on"
          />
        </div>
        <p className="mt-2 text-xs text-muted">{t('manager.promotions.dates_hint')}</p>
      </div>
    </div>
  );
}

const STATUS_TONE = { running: 'success', scheduled: 'info', ended: 'neutral' } as const;

function StatusChip({ status }: { status: PromotionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip tone={STATUS_TONE[status]} testId="promotion-status">
      {t(`manager.promotions.status.${status}`)}
    </Chip>
  );
}

function DateRange({ item }: { item: Promotion }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="block space-y-1.5 text-sm" data-testid="promotion-dates">
      <span className="block whitespace-nowrap text-stone-800 dark:text-stone-200">
        {t('manager.promotions.dates', {
          start: formatDay(item.starts_on, i18n.language),
          end: formatDay(item.ends_on, i18n.language),
        })}
      </span>
      <StatusChip status={promotionStatus(item)} />
    </span>
  );
}

export function PromotionsPage() {
  const { t } = useTranslation();
  const products = useProductNames();
  const nameOf = (code: string | null) => products.find((product) => product.code === code)?.name ?? '';
  const view: ListView<Promotion> = {
    textsHeader: t('manager.promotions.columns.promotion'),
    media: (item) => <Artwork url={item.image_url} alt={nameOf(item.product)} size="small" />,
    columns: [
      {
        key: 'dates',
        header: t('manager.promotions.columns.dates'),
        cell: (item) => <DateRange item={item} />,
      },
      {
        key: 'created',
        header: t('manager.promotions.columns.created'),
        cell: (item) => <SentLine item={item} />,
        className: 'whitespace-nowrap',
      },
    ],
  };
  const fieldsFor = (item?: Promotion): FormFields<PromotionValues> => {
    const month = monthBounds(new Date());
    return {
      initial: item
        ? { product: item.product ?? '', starts_on: item.starts_on, ends_on: item.ends_on }
        : { product: '', starts_on: month.first, ends_on: month.last },
      after: (context) => <PromotionFields {...context} known={item} />,
      check: ({ starts_on, ends_on }) => {
        const problems: Record<string, string> = {};
        if (!starts_on) problems.starts_on = t('manager.promotions.errors.date_missing');
        if (!ends_on) problems.ends_on = t('manager.promotions.errors.date_missing');
        else if (starts_on && ends_on < starts_on)
          problems.ends_on = t('manager.promotions.errors.ends_before');
        return problems;
      },
      body: ({ product, starts_on, ends_on }) => ({ product: product || null, starts_on, ends_on }),
    };
  };
  return <MessagesPage kind="promotions" view={view} fieldsFor={fieldsFor} />;
}
