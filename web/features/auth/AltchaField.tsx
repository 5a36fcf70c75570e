// The human check of registration step 2 (docs/product/partners-and-accounts.md#registration): the ALTCHA widget fetching its
// challenge from GET /api/altcha/challenge with the public client credential. The solved
// payload goes to the `altcha` field of PUT /api/add.
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readPublicClientCredential } from '../../lib/api';
import { currentLocale } from '../../lib/i18n';
import { FieldMessage } from '../../components/form';
import { loadAltcha } from './altcha-loader';

export const ALTCHA_CHALLENGE_URL = '/api/altcha/challenge';

interface AltchaElement extends HTMLElement {
  configure?: (options: Record<string, unknown>) => Promise<void> | void;
  reset?: () => void;
}

/** fetch for the widget: the public bearer and the language, like every public call. */
function widgetFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  const bearer = readPublicClientCredential();
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  headers.set('Accept-Language', currentLocale());
  return fetch(input, { ...init, headers });
}

/**
 * Focus on the human check inside `root`: the widget's own box when it has drawn it, else the
 * field itself (its label and message are read).
 */
export function focusHumanCheck(root: ParentNode): void {
  const field = root.querySelector<HTMLElement>('[data-testid="altcha"]');
  if (!field) return;
  const widget = field.querySelector('altcha-widget');
  const box =
    widget?.querySelector<HTMLElement>('input[type="checkbox"]') ??
    widget?.shadowRoot?.querySelector<HTMLElement>('input[type="checkbox"]');
  (box ?? field).focus();
}

export function AltchaField({
  onChange,
  error,
  resetSignal = 0,
}: {
  /** The solved payload, or '' when not (or no longer) solved. */
  onChange: (payload: string) => void;
  error?: string | undefined;
  /** Bump to ask for a fresh challenge (a solution is single use). */
  resetSignal?: number;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<AltchaElement>(null);
  const errorId = useId();
  const labelId = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : '');
    };
    element.addEventListener('statechange', onState);
    void loadAltcha()
      .then(async () => {
        if (cancelled) return;
        await customElements.whenDefined('altcha-widget');
        if (!cancelled) await element.configure?.({ challenge: ALTCHA_CHALLENGE_URL, fetch: widgetFetch });
      })
      .catch((failure: unknown) => console.error('ALTCHA could not load', failure));
    return () => {
      cancelled = true;
      element.removeEventListener('statechange', onState);
    };
  }, []);

  useEffect(() => {
    if (resetSignal > 0) {
      ref.current?.reset?.();
      onChangeRef.current('');
    }
  }, [resetSignal]);

  return (
    <div
      data-testid="altcha"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
      className="rounded-xl focus:outline-2 focus:outline-offset-4 focus:outline-brand-600 dark:focus:outline-brand-400"
    >
      <p id={labelId} className="mb-1.5 text-sm font-medium text-stone-800 dark:text-stone-200">
        {t('register.human_check')}
      </p>
      <altcha-widget ref={ref} name="altcha" language={i18n.language === 'fr' ? 'fr-fr' : 'en'} />
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}
