// The caption check (docs/product/content.md#caption-check): the partner pastes a draft and sees, rule by rule, what
// passes and what to fix, in their language, as they type. The words at fault are marked in the
// draft itself (a layer behind the transparent textarea, laid out exactly like it), and a
// finding that carries a fix offers it as one click (common/caption-check.ts, applyCaptionFix).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  applyCaptionFix,
  CAPTION_RULES,
  type CaptionCheckResult,
  type CaptionFinding,
  type CaptionFix,
  type CaptionRule,
} from '../../../common/caption-check';
import type { Locale } from '../../../common/i18n';
import { Icon, type IconName } from '../../components/icons';
import { CAPTION_LIMIT, useCaptionCheckRequest, useContentLocale } from './content-api';
import { issueCounts, markedPieces, ruleState, type RuleState } from './caption-highlight';
import { CopyButton } from './CopyButton';

/** How long typing pauses before the draft is checked. */
export const CHECK_DELAY_MS = 300;

export interface CaptionCheckProps {
  /** The product whose approved benefits the claims are matched against (its page's check). */
  product?: string;
  /** Ready captions the partner can load with one click to see a passing check. */
  examples?: readonly string[];
}

interface Checked {
  text: string;
  locale: Locale;
  result: CaptionCheckResult;
}

const characters = (text: string) => Array.from(text).length;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function CaptionCheck({ product, examples = [] }: CaptionCheckProps) {
  const { t } = useTranslation();
  const locale = useContentLocale();
  const ids = { title: useId(), field: useId(), counter: useId() };
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  // The draft whose check failed, so the failure shows only while that draft is on screen.
  const [failedText, setFailedText] = useState<string | null>(null);
  const nextExample = useRef(0);
  const latest = useRef(0);
  const request = useCaptionCheckRequest();
  const { mutateAsync } = request;
  const settled = useDebounced(draft, CHECK_DELAY_MS);

  const count = characters(draft);
  const over = count - CAPTION_LIMIT;

  const run = useCallback(
    (text: string) => {
      const id = ++latest.current;
      mutateAsync({ text, locale, ...(product ? { product } : {}) }).then(
        (result) => {
          if (id !== latest.current) return;
          setChecked({ text, locale, result });
          setFailedText(null);
        },
        () => {
          if (id === latest.current) setFailedText(text);
        },
      );
    },
    [mutateAsync, locale, product],
  );

  useEffect(() => {
    if (!settled.trim() || characters(settled) > CAPTION_LIMIT) {
      // Nothing to check: forget any answer still on its way.
      latest.current++;
      return;
    }
    run(settled);
  }, [settled, run]);

  // The textarea grows with the draft, so the marking layer behind it never has to scroll. Not
  // measured while it has never held a draft: empty, it is at its own height (its rows, at least
  // min-h-40), and reading scrollHeight in the page's first commit forced a layout of the whole
  // page inside that task (146 ms at Lighthouse's fourfold slowdown on a product page).
  const grown = useRef(false);
  useLayoutEffect(() => {
    const area = textareaRef.current;
    if (!area || (!draft && !grown.current)) return;
    grown.current = true;
    area.style.height = 'auto';
    area.style.height = `${area.scrollHeight}px`;
  }, [draft]);

  const empty = !draft.trim();
  const fresh = checked !== null && checked.text === draft && checked.locale === locale && !empty;
  const shown = empty || over > 0 ? null : checked;

  const fixes = offeredFixes(shown?.result.findings ?? []);

  const applyFix = (fix: CaptionFix) => {
    if (!fresh) return;
    setDraft(applyCaptionFix(checked.text, fix));
    // The fix's button goes away with the issue: keep the keyboard in the draft.
    textareaRef.current?.focus();
  };

  const load = (text: string) => {
    setDraft(text);
    textareaRef.current?.focus();
  };

  return (
    <section aria-labelledby={ids.title} className="card p-5 sm:p-6" data-testid="caption-check">
      <div className="mb-5 flex items-start gap-3">
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name="check" width={18} height={18} />
        </span>
        <div>
          <h2 id={ids.title} className="text-lg font-semibold tracking-tight">
            {t('content.caption_check.title')}
          </h2>
          <p className="mt-0.5 max-w-2xl text-sm text-muted">{t('content.caption_check.lead')}</p>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={ids.field} className="text-sm font-medium">
              {t('content.caption_check.label')}
            </label>
            <div className="flex flex-wrap gap-2">
              {examples.length > 0 ? (
                <button
                  type="button"
                  className="rounded-full px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-400/10"
                  onClick={() => {
                    load(examples[nextExample.current % examples.length]!);
                    nextExample.current++;
                  }}
                  data-testid="try-ready-caption"
                >
                  {t('content.caption_check.try_ready')}
                </button>
              ) : null}
              <button
                type="button"
                className="rounded-full px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-400/10"
                onClick={() => load(t('content.caption_check.example'))}
                data-testid="try-mistakes"
              >
                {t('content.caption_check.try_mistakes')}
              </button>
            </div>
          </div>

          <div className="relative rounded-2xl border border-stone-300 bg-white shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 dark:border-stone-700 dark:bg-stone-950 dark:focus-within:border-brand-400 dark:focus-within:ring-brand-400/30">
            {/* The marks, behind the text: same box, font and wrapping as the textarea. */}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 overflow-hidden p-4 text-base leading-relaxed break-words whitespace-pre-wrap text-transparent"
              data-testid="caption-marks"
            >
              {fresh && shown
                ? markedPieces(checked.text, shown.result.findings).map((piece, index) =>
                    piece.tone ? (
                      <mark
                        key={index}
                        className={`rounded-sm text-transparent ${MARK_TONES[piece.tone]}`}
                        data-tone={piece.tone}
                      >
                        {piece.text}
                      </mark>
                    ) : (
                      <span key={index}>{piece.text}</span>
                    ),
                  )
                : null}
            </div>
            <textarea
              ref={textareaRef}
              id={ids.field}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('content.caption_check.placeholder')}
              aria-describedby={ids.counter}
              rows={5}
              spellCheck
              className="relative block min-h-40 w-full resize-none overflow-hidden rounded-2xl border-0 bg-transparent p-4 text-base leading-relaxed break-words whitespace-pre-wrap text-stone-900 placeholder:text-stone-400 focus:outline-none dark:text-stone-100 dark:placeholder:text-stone-500"
              data-testid="caption-draft"
            />
          </div>

          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p
              id={ids.counter}
              className={`text-sm tabular-nums ${over > 0 ? 'font-semibold text-rose-700 dark:text-rose-300' : 'text-stone-500 dark:text-stone-400'}`}
              data-testid="caption-counter"
            >
              <span aria-hidden="true">
                {t('content.caption_check.counter', { count, limit: CAPTION_LIMIT })}
              </span>
              <span className="sr-only">
                {t('content.caption_check.counter_label', { count, limit: CAPTION_LIMIT })}
              </span>
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn-secondary min-h-10 px-4 py-2"
                onClick={() => load('')}
                disabled={draft === ''}
              >
                {t('content.caption_check.clear')}
              </button>
              {empty ? null : (
                <CopyButton text={draft} variant="primary">
                  {t('content.caption_check.copy')}
                </CopyButton>
              )}
            </div>
          </div>
          {over > 0 ? (
            <p
              className="mt-2 text-sm text-rose-700 dark:text-rose-300"
              role="alert"
              data-testid="caption-too-long"
            >
              {t('content.caption_check.too_long', { limit: CAPTION_LIMIT, over })}
            </p>
          ) : null}
        </div>

        <div className="min-w-0">
          <Summary
            empty={empty}
            tooLong={over > 0}
            fresh={fresh}
            failed={failedText === draft}
            result={shown?.result ?? null}
            onRetry={() => run(draft)}
          />
          <ul
            className={`mt-3 space-y-2 transition-opacity ${!fresh && shown ? 'opacity-60' : ''}`}
            data-testid="caption-rules"
          >
            {CAPTION_RULES.map((rule) => (
              <RuleRow
                key={rule}
                rule={rule}
                finding={shown?.result.findings.find((f) => f.rule === rule)}
                fix={fresh ? fixes.get(rule) : undefined}
                checkedText={fresh ? checked.text : null}
                hasProduct={Boolean(product)}
                onFix={applyFix}
              />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

const MARK_TONES: Record<Exclude<RuleState, 'ok'>, string> = {
  error:
    'bg-rose-200/70 underline decoration-rose-600 decoration-wavy decoration-2 underline-offset-4 dark:bg-rose-500/30 dark:decoration-rose-400',
  warning:
    'bg-amber-200/70 underline decoration-amber-600 decoration-wavy decoration-2 underline-offset-4 dark:bg-amber-400/25 dark:decoration-amber-400',
  info: 'bg-sky-200/60 dark:bg-sky-400/20',
};

function Summary({
  empty,
  tooLong,
  fresh,
  failed,
  result,
  onRetry,
}: {
  empty: boolean;
  tooLong: boolean;
  fresh: boolean;
  failed: boolean;
  result: CaptionCheckResult | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const showFailed = failed && !empty && !tooLong;
  const counts = result ? issueCounts(result.findings) : { errors: 0, warnings: 0 };
  // What the live region reads: the verdict once the draft as it stands is checked, not every
  // "checking" in between.
  let verdict = '';
  let tone: 'ok' | 'error' | 'warning' | 'neutral' = 'neutral';
  if (fresh && result) {
    if (counts.errors > 0) {
      verdict = t('content.caption_check.issues', { count: counts.errors });
      tone = 'error';
    } else if (counts.warnings > 0) {
      verdict = t('content.caption_check.warnings', { count: counts.warnings });
      tone = 'warning';
    } else {
      verdict = t('content.caption_check.all_good');
      tone = 'ok';
    }
  }
  const visible = empty
    ? t('content.caption_check.empty')
    : tooLong
      ? ''
      : failed
        ? t('content.caption_check.failed')
        : verdict || t('content.caption_check.checking');
  const tones = {
    ok: 'bg-emerald-50 text-emerald-900 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-200 dark:ring-emerald-400/30',
    error:
      'bg-rose-50 text-rose-900 ring-rose-600/20 dark:bg-rose-400/10 dark:text-rose-200 dark:ring-rose-400/30',
    warning:
      'bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30',
    neutral:
      'bg-stone-50 text-stone-700 ring-stone-500/15 dark:bg-stone-800/60 dark:text-stone-300 dark:ring-stone-600/30',
  };
  const icon: IconName = tone === 'ok' ? 'check' : tone === 'neutral' ? 'info' : 'alert';
  return (
    <>
      <div
        className={`flex min-h-12 items-center gap-3 rounded-xl px-4 py-3 text-sm font-medium ring-1 ring-inset ${tones[showFailed ? 'error' : tone]}`}
        data-testid="caption-summary"
        data-tone={showFailed ? 'failed' : tone}
      >
        <Icon name={showFailed ? 'alert' : icon} width={18} height={18} className="shrink-0" />
        <span className="flex-1" aria-hidden="true">
          {visible}
        </span>
        {showFailed ? (
          <button type="button" className="link shrink-0" onClick={onRetry}>
            {t('content.caption_check.retry')}
          </button>
        ) : null}
      </div>
      <p role="status" className="sr-only" data-testid="caption-announcement">
        {showFailed ? t('content.caption_check.failed') : verdict}
      </p>
    </>
  );
}

/**
 * The fix each failing rule offers, once: a missing disclosure is also a late one, and both
 * would offer the same "add #Ad at the start".
 */
function offeredFixes(findings: readonly CaptionFinding[]): Map<CaptionRule, CaptionFix> {
  const offered = new Map<CaptionRule, CaptionFix>();
  const seen = new Set<string>();
  for (const finding of findings) {
    if (finding.ok || !finding.fix) continue;
    const key = JSON.stringify(finding.fix);
    if (seen.has(key)) continue;
    seen.add(key);
    offered.set(finding.rule, finding.fix);
  }
  return offered;
}

const STATE_LOOK: Record<RuleState | 'waiting', { icon: IconName; circle: string }> = {
  ok: { icon: 'check', circle: 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-stone-950' },
  error: { icon: 'close', circle: 'bg-rose-600 text-white dark:bg-rose-500 dark:text-stone-950' },
  warning: { icon: 'alert', circle: 'bg-amber-500 text-white dark:bg-amber-400 dark:text-stone-950' },
  info: { icon: 'info', circle: 'bg-sky-600 text-white dark:bg-sky-500 dark:text-stone-950' },
  waiting: { icon: 'check', circle: 'bg-stone-200 text-stone-400 dark:bg-stone-800 dark:text-stone-600' },
};

function fixLabel(fix: CaptionFix, text: string, t: TFunction): string {
  switch (fix.kind) {
    case 'insert_start':
      return t('content.caption_check.fix_insert_start', { text: (fix.text ?? '').trim() });
    case 'append':
      return t('content.caption_check.fix_append', { text: (fix.text ?? '').trim() });
    case 'remove':
      return t('content.caption_check.fix_remove', { text: text.slice(fix.start ?? 0, fix.end ?? 0).trim() });
  }
}

function RuleRow({
  rule,
  finding,
  fix,
  checkedText,
  hasProduct,
  onFix,
}: {
  rule: CaptionRule;
  finding: CaptionFinding | undefined;
  /** The one-click fix, when the finding has one and is about the draft on screen. */
  fix: CaptionFix | undefined;
  /** The draft the finding was computed on, when it is still the draft on screen. */
  checkedText: string | null;
  hasProduct: boolean;
  onFix: (fix: CaptionFix) => void;
}) {
  const { t } = useTranslation();
  const state = finding ? ruleState(finding) : 'waiting';
  const look = STATE_LOOK[state];
  const words = [
    ...new Set((finding && !finding.ok ? finding.matches : []).map((m) => m.text.trim())),
  ].filter(Boolean);
  let description: string | null = null;
  if (finding) {
    if (finding.ok) description = t(`content.caption_check.rules.${rule}.pass`);
    else if (rule === 'unapproved_claim' && !hasProduct)
      description = t('content.caption_check.rules.unapproved_claim.unverified');
    else description = t(`content.caption_check.rules.${rule}.fix`);
  }
  return (
    <li
      className="flex gap-3 rounded-xl border border-stone-200 p-3 sm:p-4 dark:border-stone-800"
      data-testid={`rule-${rule}`}
      data-state={state}
    >
      <span
        className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${look.circle}`}
        aria-hidden="true"
      >
        <Icon name={look.icon} width={14} height={14} strokeWidth={2.6} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {t(`content.caption_check.rules.${rule}.title`)}
          <span className="sr-only">
            {': '}
            {t(`content.caption_check.status.${state}`)}
          </span>
        </p>
        {description ? <p className="mt-0.5 text-sm text-muted">{description}</p> : null}
        {words.length > 0 ? (
          <p className="mt-2 flex flex-wrap items-center gap-1.5 text-sm">
            <span className="text-muted">{t('content.caption_check.at_fault')}</span>
            {words.map((word) => (
              <mark
                key={word}
                className={`max-w-full truncate rounded px-1.5 py-0.5 font-medium ${
                  state === 'error'
                    ? 'bg-rose-100 text-rose-900 dark:bg-rose-400/15 dark:text-rose-200'
                    : 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
                }`}
              >
                {word}
              </mark>
            ))}
          </p>
        ) : null}
        {fix && checkedText !== null ? (
          <button
            type="button"
            // A long label (a quoted hashtag set, in French) wraps on a phone: left-aligned lines
            // beside the icon read as a button, where a centred pill would not.
            className="mt-3 inline-flex min-h-9 max-w-full items-start gap-1.5 rounded-lg bg-stone-900 px-3 py-1.5 text-left text-sm font-semibold text-white hover:bg-stone-700 dark:bg-white dark:text-stone-900 dark:hover:bg-stone-200"
            onClick={() => onFix(fix)}
            data-testid={`fix-${rule}`}
          >
            <Icon name="sparkle" width={15} height={15} className="mt-0.5 shrink-0" />
            <span className="min-w-0 break-words">{fixLabel(fix, checkedText, t)}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}
