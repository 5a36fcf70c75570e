// The dashboard's "Monthly promo" widget (docs/product/partner-portal.md#dashboard): the promos running today in the partner's
// language, each with its product's artwork and the days it runs.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { usePromotions } from './challenges-api';
import { useDeferredAnswer } from '../../lib/deferred-answer';
import { Widget } from '../../components/card';
import { SkeletonLines } from '../../components/skeleton';
import { EmptyState, QueryStates, RetryLine } from '../../components/states';

export function PromoWidget() {
  const { t } = useTranslation();
  const f = useFormatters();
  const promos = usePromotions();
  const answer = useDeferredAnswer(promos);
  return (
    <Widget id="promo" title={t('dashboard.promo.title')} icon="gift" testId="widget-promo">
      <QueryStates
        query={answer}
        loading={<SkeletonLines lines={3} />}
        failed={<RetryLine text={t('dashboard.promo.error')} onRetry={() => void promos.refetch()} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon="gift"
            title={t('dashboard.promo.empty_title')}
            body={t('dashboard.promo.empty_body')}
            testId="promo-empty"
          />
        }
      >
        {(list) => (
          <ul className="space-y-4">
            {list.map((promo) => (
              <li key={promo.id} className="flex gap-3" data-testid="promo">
                {promo.image_url ? (
                  <img
                    src={`${promo.image_url}?w=240`}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    className="h-20 w-20 shrink-0 rounded-xl sm:h-24 sm:w-24 bg-stone-100 object-cover dark:bg-stone-800"
                  />
                ) : null}
                <div className="min-w-0">
                  <h3 className="text-sm font-semibold">{promo.title}</h3>
                  <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-muted">{promo.body}</p>
                  <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">
                    {t('dashboard.promo.until', { date: f.day(promo.ends_on) })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </Widget>
  );
}
