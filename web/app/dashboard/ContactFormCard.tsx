// The dashboard's contact-details prompt (docs/product/partners-and-accounts.md#the-partner-profile):
// "Where should we send your samples?", asked until a complete shipping address is saved. "Add my
// address" opens the settings' address section; "Not now" puts it off for 30 days and the card
// goes at once. Loaded only for a partner it is due to (DashboardPage.tsx).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTACT_FORM_RETURN_DAYS } from '../../../common/contact-form';
import { Spinner } from '../../components/form';
import { Glyph } from '../../components/glyphs';
import { usePutOffContactForm } from './contact-form-api';

export function ContactFormCard() {
  const { t } = useTranslation();
  const putOff = usePutOffContactForm();
  const notNow = () =>
    putOff.mutate(undefined, {
      // The card is gone with the button that had the focus: the keyboard goes on from the page.
      onSuccess: () => document.getElementById('main')?.focus({ preventScroll: true }),
    });

  return (
    <section
      aria-labelledby="contact-form-title"
      className="card flex flex-col gap-4 border-brand-200 p-5 sm:flex-row sm:items-center sm:p-6 dark:border-brand-900"
      data-testid="contact-form-card"
    >
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Glyph name="gift" width={24} height={24} aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="contact-form-title" className="font-semibold">
          {t('dashboard.contact_form.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('dashboard.contact_form.body')}</p>
        <p id="contact-form-later-note" className="mt-1 text-xs text-muted">
          {t('dashboard.contact_form.later_note', { days: CONTACT_FORM_RETURN_DAYS })}
        </p>
      </div>
      {/* Side by side, each as wide as its words; on a narrow phone they wrap, a finger wide each. */}
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link to="/account/profile#address" className="btn-primary" data-testid="contact-form-add">
          {t('dashboard.contact_form.add')}
        </Link>
        <button
          type="button"
          className="btn-secondary"
          onClick={notNow}
          disabled={putOff.isPending}
          aria-busy={putOff.isPending || undefined}
          aria-describedby="contact-form-later-note"
          data-testid="contact-form-later"
        >
          {putOff.isPending ? <Spinner /> : null}
          {t('dashboard.contact_form.later')}
        </button>
      </div>
    </section>
  );
}
