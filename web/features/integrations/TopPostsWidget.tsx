// The dashboard's "Top posts" (docs/product/partner-portal.md#dashboard, docs/product/links-and-integrations.md#instagram): the partner's Instagram posts that
// carry their code or #SunbitePartner, ranked by likes plus comments, each with its picture and
// a link to the post, its caption cut to three lines with "more", and "Likes hidden" where the
// owner hid the count. Not connected: an invitation to connect; refused token: "reconnect".
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { apiMessage } from '../../lib/form-errors';
import { notifyError } from '../../lib/toast';
import { useFormatters } from '../../lib/format';
import { useEngagementWords } from './engagement-words';
import { goToConsent, useTopPosts, type TopPost } from './integrations-api';
import { useDeferredData } from '../../lib/deferred-answer';
import { Widget } from '../../components/card';
import { SkeletonLines } from '../../components/skeleton';
import { RetryLine } from '../../components/states';

export function TopPostsWidget() {
  const { t } = useTranslation();
  const ready = useEngagementWords();
  const query = useTopPosts();
  const [leaving, setLeaving] = useState(false);
  const data = useDeferredData(query.data);
  const connect = async () => {
    setLeaving(true);
    try {
      await goToConsent('instagram');
    } catch (error) {
      setLeaving(false);
      notifyError(apiMessage(error) ?? t('engagement.integrations.start_failed', { provider: 'Instagram' }));
    }
  };
  const connectButton = (label: string) => (
    <button
      type="button"
      className="btn-primary mt-4 px-4"
      onClick={() => void connect()}
      disabled={leaving}
      aria-busy={leaving}
      data-testid="top-posts-connect"
    >
      <Icon name="instagram" width={18} height={18} aria-hidden="true" className="mr-2" />
      {label}
    </button>
  );
  return (
    <Widget
      id="top-posts"
      title={t('dashboard.later.top_posts.title')}
      icon="image"
      testId="widget-top-posts"
    >
      {ready && query.isError ? (
        <RetryLine
          text={t('engagement.integrations.top_posts.load_failed')}
          onRetry={() => void query.refetch()}
        />
      ) : !ready || !data ? (
        <SkeletonLines lines={3} />
      ) : !data.configured && data.status === 'not_connected' ? (
        <p className="text-sm text-muted" data-testid="top-posts-empty">
          {t('dashboard.later.top_posts.empty')}
        </p>
      ) : data.status === 'not_connected' ? (
        <div data-testid="top-posts-not-connected">
          <p className="text-sm text-muted">{t('engagement.integrations.top_posts.connect_body')}</p>
          {connectButton(t('engagement.integrations.connect', { provider: 'Instagram' }))}
        </div>
      ) : (
        <div>
          {data.status === 'reconnect' ? (
            <div
              role="status"
              className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
              data-testid="top-posts-reconnect"
            >
              <p className="flex items-start gap-2">
                <Icon name="alert" width={16} height={16} aria-hidden="true" className="mt-0.5 shrink-0" />
                {t('engagement.integrations.top_posts.reconnect_body')}
              </p>
              {data.configured
                ? connectButton(t('engagement.integrations.reconnect', { provider: 'Instagram' }))
                : null}
            </div>
          ) : null}
          {data.username ? (
            <p className="mb-3 text-sm text-muted" data-testid="top-posts-account">
              {t('engagement.integrations.top_posts.account', { username: data.username })}
            </p>
          ) : null}
          {data.posts.length === 0 ? (
            <p className="text-sm text-muted" data-testid="top-posts-none">
              {t('engagement.integrations.top_posts.empty')}
            </p>
          ) : (
            <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="top-posts-list">
              {data.posts.map((post, index) => (
                <PostTile key={post.id} post={post} rank={index + 1} />
              ))}
            </ol>
          )}
        </div>
      )}
    </Widget>
  );
}

/** Lines of a caption shown before "more". */
const CAPTION_LINES = 3;
/**
 * Where layout cannot be measured (no box yet), a caption is taken to run past three lines from
 * this many characters, or from a fourth line of its own.
 */
const LONG_CAPTION_CHARS = 90;

/**
 * Whether the clamped caption is cut: measured on the element when the page is laid out (again
 * when its width changes), else guessed from its length.
 */
function useCaptionCut(caption: string, expanded: boolean) {
  const ref = useRef<HTMLSpanElement>(null);
  const guess = caption.length > LONG_CAPTION_CHARS || caption.split('\n').length > CAPTION_LINES;
  const [cut, setCut] = useState(guess);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || expanded) return;
    const measure = () => {
      // Not laid out (hidden, or no layout engine): keep the guess.
      if (node.clientHeight === 0) return;
      setCut(node.scrollHeight > node.clientHeight + 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [caption, expanded]);
  return { ref, cut };
}

function PostTile({ post, rank }: { post: TopPost; rank: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const captionId = useId();
  const [expanded, setExpanded] = useState(false);
  const caption = post.caption?.trim() ?? '';
  const { ref, cut } = useCaptionCut(caption, expanded);
  return (
    <li className="min-w-0" data-testid="top-post">
      <a
        href={post.permalink}
        target="_blank"
        rel="noopener noreferrer"
        className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="relative block aspect-square overflow-hidden rounded-xl bg-stone-100 dark:bg-stone-800">
          {post.thumbnail_url ? (
            <img
              src={post.thumbnail_url}
              alt=""
              loading="lazy"
              width={240}
              height={240}
              className="h-full w-full object-cover transition group-hover:scale-105"
            />
          ) : (
            <span className="flex h-full w-full items-center justify-center text-stone-400 dark:text-stone-500">
              <Icon name="instagram" width={28} height={28} aria-hidden="true" />
            </span>
          )}
          <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-stone-900 dark:bg-stone-900/90 dark:text-stone-100">
            #{rank}
          </span>
          {post.media_type === 'VIDEO' ? (
            <span className="absolute right-2 top-2 rounded-full bg-stone-900/80 px-2 py-0.5 text-xs text-white">
              {t('engagement.integrations.top_posts.video')}
            </span>
          ) : null}
        </span>
        <span
          ref={ref}
          id={captionId}
          // The whole caption stays in the link's name; only what shows is cut.
          className={`mt-2 block text-xs break-words whitespace-pre-line text-stone-800 group-hover:underline dark:text-stone-200 ${
            expanded ? '' : 'line-clamp-3'
          }`}
          data-testid="top-post-caption"
          data-expanded={expanded}
        >
          {caption || t('engagement.integrations.top_posts.untitled')}
        </span>
        <span className="sr-only">{t('engagement.integrations.top_posts.opens')}</span>
      </a>
      {cut || expanded ? (
        <button
          type="button"
          className="mt-0.5 min-h-6 rounded text-xs font-semibold text-stone-600 hover:text-stone-900 hover:underline dark:text-stone-400 dark:hover:text-white"
          aria-expanded={expanded}
          aria-controls={captionId}
          onClick={() => setExpanded((open) => !open)}
          data-testid="top-post-more"
        >
          {expanded
            ? t('engagement.integrations.top_posts.less')
            : t('engagement.integrations.top_posts.more')}
        </button>
      ) : null}
      <p className="mt-1 text-xs text-stone-700 dark:text-stone-300">
        <span className="block" data-testid="top-post-likes">
          {post.like_count === null
            ? t('engagement.integrations.top_posts.likes_hidden')
            : t('engagement.integrations.top_posts.likes', {
                count: post.like_count,
                formatted: format.number(post.like_count),
              })}
        </span>
        <span className="block text-stone-500 dark:text-stone-400">
          {t('engagement.integrations.top_posts.comments', {
            count: post.comments_count,
            formatted: format.number(post.comments_count),
          })}
        </span>
      </p>
    </li>
  );
}
