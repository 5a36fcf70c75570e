// E-mail templates in English and French: one shared layout, the words from the `mail`
// namespace of the locale catalogs (the same catalogs the SPA uses).
import type { TFunction } from 'i18next';
import { BRAND } from '../../../common/brand';
import { DEFAULT_LOCALE, isLocale } from '../../../common/i18n';
import type { Locale } from '../../../common/i18n';
import type { StaffRole } from '../../../common/staff-roles';
import { i18n } from '../../i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

interface ActionMail {
  to: string;
  /** Null: a greeting without a name (a name typed by whoever signed up is not put in a mail). */
  name: string | null;
  locale: string;
  subject: string;
  paragraphs: string[];
  /** Numbered steps after the paragraphs, each a link and what it is for. */
  steps?: Step[];
  action: { label: string; url: string };
  /** A second link, under the button. */
  secondary?: { label: string; url: string };
  after: string[];
  /** Instead of the footer's "you are a member" (a mail to an address that is not one yet). */
  footer?: string;
  /** Program mail only (docs/product/engagement.md#mail-a-partner-receives): how to stop this kind of mail. Transactional mail has none. */
  unsubscribe?: Unsubscribe;
}

export interface Step {
  label: string;
  url: string;
  text: string;
}

export interface Unsubscribe {
  /** The page (`/unsubscribe?token=`) the link in the mail opens. */
  pageUrl: string;
  /** The one-click address of RFC 8058 (`POST /api/unsubscribe?token=`). */
  oneClickUrl: string;
  /** The partner's mail switches in their settings. */
  settingsUrl: string;
  /** What this mail is, as the footer names it ("sale digests"). */
  what: string;
}

function layout(t: TFunction<'mail'>, mail: ActionMail): MailMessage {
  const vars = { program: BRAND.programName, support: BRAND.supportEmail };
  const greeting =
    mail.name === null ? t('layout.greeting_anonymous') : t('layout.greeting', { name: mail.name });
  const footer = mail.footer ?? t('layout.footer', vars);
  // "Label: address", with the colon as each language sets it (a no-break space before it in French).
  const labelled = (label: string, url: string) => t('layout.labelled_link', { label, url });
  const text = [
    greeting,
    '',
    ...mail.paragraphs,
    ...(mail.steps
      ? ['', ...mail.steps.map((step, i) => `${i + 1}. ${step.label} — ${step.text}\n   ${step.url}`)]
      : []),
    '',
    labelled(mail.action.label, mail.action.url),
    ...(mail.secondary ? ['', labelled(mail.secondary.label, mail.secondary.url)] : []),
    '',
    ...mail.after,
    '',
    t('layout.signature', vars),
    '',
    '--',
    footer,
    ...(mail.unsubscribe
      ? [
          t('program.why', { what: mail.unsubscribe.what }),
          labelled(t('program.unsubscribe'), mail.unsubscribe.pageUrl),
          labelled(t('program.settings'), mail.unsubscribe.settingsUrl),
        ]
      : []),
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s)}</p>`;
  const url = escapeHtml(mail.action.url);
  const html = `<!doctype html>
<html lang="${mail.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;background:#f6f4f1;font-family:Helvetica,Arial,sans-serif;color:#1f1b16">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f4f1;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#f26b3a;padding:20px 32px;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(BRAND.programName)}</td></tr>
<tr><td style="padding:32px">
${p(greeting)}
${mail.paragraphs.map(p).join('\n')}
${mail.steps ? stepsHtml(mail.steps) : ''}
<p style="margin:24px 0"><a href="${url}" style="background:#f26b3a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(mail.action.label)}</a></p>
${mail.secondary ? `<p style="margin:0 0 16px;line-height:1.5"><a href="${escapeHtml(mail.secondary.url)}" style="color:#c2461a">${escapeHtml(mail.secondary.label)}</a></p>` : ''}
${mail.after.map(p).join('\n')}
<p style="margin:0 0 16px;font-size:13px;color:#6b6158">${escapeHtml(t('layout.button_fallback'))}<br><a href="${url}" style="color:#c2461a;word-break:break-all">${url}</a></p>
${p(t('layout.signature', vars))}
</td></tr>
<tr><td style="padding:16px 32px;background:#faf8f5;font-size:12px;color:#6b6158">${escapeHtml(footer)}${unsubscribeHtml(t, mail.unsubscribe)}</td></tr>
</table></td></tr></table></body></html>`;
  return {
    to: mail.to,
    subject: mail.subject,
    html,
    text,
    ...(mail.unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${mail.unsubscribe.oneClickUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}

function stepsHtml(steps: Step[]): string {
  const item = (step: Step) =>
    `<li style="margin:0 0 8px"><a href="${escapeHtml(step.url)}" style="color:#c2461a;font-weight:bold">${escapeHtml(step.label)}</a> — ${escapeHtml(step.text)}</li>`;
  return `<ol style="margin:0 0 16px;padding-left:20px;line-height:1.5">\n${steps.map(item).join('\n')}\n</ol>`;
}

function unsubscribeHtml(t: TFunction<'mail'>, unsubscribe: Unsubscribe | undefined): string {
  if (!unsubscribe) return '';
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#c2461a">${escapeHtml(label)}</a>`;
  return `<br><br>${escapeHtml(t('program.why', { what: unsubscribe.what }))} ${link(unsubscribe.pageUrl, t('program.unsubscribe'))} · ${link(unsubscribe.settingsUrl, t('program.settings'))}`;
}

function translator(locale: string): { t: TFunction<'mail'>; locale: Locale } {
  const lng: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return { t: i18n.getFixedT(lng, 'mail'), locale: lng };
}

export interface Recipient {
  email: string;
  firstName: string;
  locale: string;
}

/** A mail whose point is one link: its words are `<kind>.subject/intro/action/expiry` in the catalog. */
function linkMail(kind: 'verify_email' | 'reset_password', to: Recipient, link: string): MailMessage {
  const { t, locale } = translator(to.locale);
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: t(`${kind}.subject`),
    paragraphs: [t(`${kind}.intro`, { program: BRAND.programName })],
    action: { label: t(`${kind}.action`), url: link },
    after: [t(`${kind}.expiry`)],
  });
}

export const verifyEmailMail = (to: Recipient, link: string) => linkMail('verify_email', to, link);
export const resetPasswordMail = (to: Recipient, link: string) => linkMail('reset_password', to, link);

/**
 * The link that finishes a sign-up (docs/decisions/060-registration-without-oracle.md). The
 * address is not a member yet and the name was typed by whoever signed up: no name, and a footer
 * that says why the mail came.
 */
export function registrationConfirmMail(to: { email: string; locale: string }, link: string): MailMessage {
  const { t, locale } = translator(to.locale);
  const vars = { program: BRAND.programName, support: BRAND.supportEmail };
  return layout(t, {
    to: to.email,
    name: null,
    locale,
    subject: t('registration_confirm.subject', vars),
    paragraphs: [t('registration_confirm.intro', vars)],
    action: { label: t('registration_confirm.action'), url: link },
    after: [t('registration_confirm.expiry')],
    footer: t('registration_confirm.footer', vars),
  });
}

/** A sign-up with the address of an account: told to its owner, with the ways back in. */
export function signUpAttemptMail(
  to: Recipient,
  links: { signIn: string; resetPassword: string },
): MailMessage {
  const { t, locale } = translator(to.locale);
  const vars = { program: BRAND.programName, support: BRAND.supportEmail };
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: t('sign_up_attempt.subject', vars),
    paragraphs: [t('sign_up_attempt.intro', vars), t('sign_up_attempt.what_to_do')],
    action: { label: t('sign_up_attempt.sign_in'), url: links.signIn },
    secondary: { label: t('sign_up_attempt.reset_password'), url: links.resetPassword },
    after: [t('sign_up_attempt.not_you', vars)],
  });
}

/** A back-office invitation (transactional): who invited, the role, and the single-use link. */
export function staffInviteMail(
  to: Recipient,
  invite: { inviter: string; role: StaffRole },
  link: string,
): MailMessage {
  const { t, locale } = translator(to.locale);
  const role = {
    reviewer: t('staff_invite.roles.reviewer'),
    manager: t('staff_invite.roles.manager'),
    admin: t('staff_invite.roles.admin'),
  }[invite.role];
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: t('staff_invite.subject', { program: BRAND.programName }),
    paragraphs: [t('staff_invite.intro', { program: BRAND.programName, inviter: invite.inviter, role })],
    action: { label: t('staff_invite.action'), url: link },
    after: [t('staff_invite.expiry')],
  });
}

/** A payout changed status (transactional, docs/product/engagement.md#mail-a-partner-receives): what it is now, and why when there is a reason. */
export function payoutStatusMail(
  to: Recipient,
  payout: { amount: string; statusLabel: string; paid: boolean; paypalEmail: string; reason: string | null },
  link: string,
): MailMessage {
  const { t, locale } = translator(to.locale);
  const body = i18n.getFixedT(locale, 'portal');
  const vars = { amount: payout.amount, status: payout.statusLabel, email: payout.paypalEmail };
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: payout.paid ? t('payout_status.paid_subject', vars) : t('payout_status.subject', vars),
    paragraphs: [
      payout.paid
        ? body('notifications_server.payout_paid_body', vars)
        : body('notifications_server.payout_body', vars),
      ...(payout.reason ? [body('notifications_server.payout_reason', { reason: payout.reason })] : []),
    ],
    action: { label: t('payout_status.action'), url: link },
    after: [t('payout_status.follow')],
  });
}

/** A program mail (docs/product/engagement.md#mail-a-partner-receives): the words given, the shared layout, and the way out. */
export function programMail(
  to: Recipient,
  mail: {
    subject: string;
    paragraphs: string[];
    after?: string[];
    action: { label: string; url: string };
    unsubscribe: Unsubscribe;
  },
): MailMessage {
  const { t, locale } = translator(to.locale);
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: mail.subject,
    paragraphs: mail.paragraphs,
    action: mail.action,
    after: mail.after ?? [],
    unsubscribe: mail.unsubscribe,
  });
}

/** The `mail` words of a language, for a program mail's own lines. */
export const mailWords = (locale: string) => translator(locale);

/** A partner's own change of what protects their money, or a new social sign-in: what it was, and what to do if it was not them. */
export type AccountChange = 'paypal_email' | 'paypal_email_removed' | 'email' | 'password' | 'sign_in';

export function accountChangeMail(
  to: Recipient,
  change: { kind: AccountChange; value?: string; provider?: string; hold?: boolean },
  link: string,
): MailMessage {
  const { t, locale } = translator(to.locale);
  const vars = {
    program: BRAND.programName,
    support: BRAND.supportEmail,
    value: change.value ?? '',
    provider: change.provider ?? '',
  };
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: t(`account_change.${change.kind}.subject`, vars),
    paragraphs: [
      t(`account_change.${change.kind}.intro`, vars),
      ...(change.hold ? [t('account_change.hold')] : []),
    ],
    action: { label: t('account_change.action'), url: link },
    after: [t('account_change.not_you', vars)],
  });
}

/** The link a partner without a password confirms a change of their PayPal or account e-mail with. */
export function accountConfirmMail(
  to: Recipient,
  change: { kind: 'paypal_email' | 'email'; value: string },
  link: string,
): MailMessage {
  const { t, locale } = translator(to.locale);
  const vars = { program: BRAND.programName, support: BRAND.supportEmail, value: change.value };
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: t(`account_confirm.${change.kind}.subject`, vars),
    paragraphs: [t(`account_confirm.${change.kind}.intro`, vars)],
    action: { label: t('account_confirm.action'), url: link },
    after: [t('account_confirm.expiry', vars)],
  });
}

/**
 * The welcome after the address is first verified (docs/product/partners-and-accounts.md#welcome-mail):
 * the partner's code and short link, the first three steps (the post guide, the links to share,
 * cash-out) and where to find help. A service mail: no switch, no unsubscribe link.
 */
export function welcomeMail(
  to: Recipient,
  welcome: {
    code: string | null;
    shortUrl: string | null;
    urls: { dashboard: string; guide: string; share: string; cashout: string; faq: string };
  },
): MailMessage {
  const { t, locale } = translator(to.locale);
  const vars = { program: BRAND.programName, support: BRAND.supportEmail };
  const { urls } = welcome;
  return layout(t, {
    to: to.email,
    name: to.firstName,
    locale,
    subject: t('welcome.subject', vars),
    paragraphs: [
      t('welcome.intro', vars),
      ...(welcome.code ? [t('welcome.code', { code: welcome.code })] : []),
      ...(welcome.shortUrl ? [t('welcome.short_link', { url: welcome.shortUrl })] : []),
      ...(welcome.code ? [t('welcome.commission')] : []),
      t('welcome.steps'),
    ],
    steps: [
      { label: t('welcome.guide.label'), text: t('welcome.guide.text'), url: urls.guide },
      { label: t('welcome.share.label'), text: t('welcome.share.text'), url: urls.share },
      { label: t('welcome.cashout.label'), text: t('welcome.cashout.text'), url: urls.cashout },
    ],
    action: { label: t('welcome.action'), url: urls.dashboard },
    secondary: { label: t('welcome.faq'), url: urls.faq },
    after: [t('welcome.contact', vars)],
  });
}
