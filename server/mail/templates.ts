import { serverT } from '../lib/i18n.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { COMPLAINT_EMAIL_KINDS, isComplaintEmail, renderComplaintEmail } from './complaint-email.ts';
import { isModerationEmail, MODERATION_EMAIL_KINDS, renderModerationEmail } from './moderation-email.ts';

/** Transactional emails; texts are catalogue keys `email.<kind>.*`, so every email exists in all 11 locales. */
export const EMAIL_KINDS = [
  'activation',
  'reset',
  'mail_change',
  'reactivation',
  'email_changed',
  'password_changed',
  'data_export_ready',
  'email_reenable',
  'signup_attempt',
  ...COMPLAINT_EMAIL_KINDS,
  ...MODERATION_EMAIL_KINDS,
] as const;

/** One transactional email (see EMAIL_KINDS). */
export type TEmailKind = (typeof EMAIL_KINDS)[number];

/** Emails whose link does not expire (a way to a page, not a single-use token): no 'valid for' line. */
const WITHOUT_EXPIRY: ReadonlySet<TEmailKind> = new Set(['password_changed', 'data_export_ready', 'signup_attempt']);

/**
 * Security notices end with a footer of their own instead of "did you not ask for it? then ignore this email": they
 * are sent whether or not the member asked, and their body says what to do if it was not them. The deletion notice's
 * footer (also on a requested reactivation link) says to reactivate if the member did not delete the account.
 */
const NOTICE_FOOTERS: Partial<Record<TEmailKind, string>> = {
  email_changed: 'email.footer_security',
  password_changed: 'email.footer_security',
  reactivation: 'email.footer_deletion',
};

/** Renders subject, HTML and text parts of an email in a locale; `vars.link` is the call to action. */
export function renderEmail(kind: TEmailKind, locale: string, vars: Record<string, string | number>) {
  if (isComplaintEmail(kind)) return renderComplaintEmail(kind, locale, vars);
  if (isModerationEmail(kind)) return renderModerationEmail(kind, locale, vars);
  const t = serverT(locale);
  const v = { ...vars, interpolation: { escapeValue: false } };
  const subject = t(`email.${kind}.subject`, v);
  const greeting = t('email.greeting', v);
  const body = t(`email.${kind}.body`, v);
  const button = t(`email.${kind}.button`, v);
  const expiry = WITHOUT_EXPIRY.has(kind) ? '' : t('email.expiry', { ...v, count: Number(vars.hours ?? 24) });
  const hint = t('email.link_hint', v);
  const footer = t(NOTICE_FOOTERS[kind] ?? 'email.footer', v);
  const link = String(vars.link ?? '');
  const text = [greeting, '', body, '', `${button}: ${link}`, '', ...(expiry ? [expiry, ''] : []), '--', footer].join(
    '\n',
  );
  const e = (s: string) => escapeHtml(s);
  const html = `<!doctype html><html lang="${e(locale)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;background:#f4f5f8;font-family:'Open Sans',Arial,sans-serif;color:#1b2a4a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px">
<tr><td style="background:#1b2a4a;color:#fff;padding:16px 24px;font-weight:700;font-size:18px;border-radius:8px 8px 0 0"><span style="color:#e8173f">&#9829;</span> ${e(String(vars.site))}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<p>${e(greeting)}</p><p>${e(body)}</p>
<p style="text-align:center;margin:28px 0"><a href="${e(link)}" style="background:#e8173f;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600;display:inline-block">${e(button)}</a></p>
${expiry ? `<p style="font-size:13px;color:#5c6578">${e(expiry)}</p>` : ''}
<p style="font-size:13px;color:#5c6578">${e(hint)}<br><a href="${e(link)}" style="color:#1b2a4a;word-break:break-all">${e(link)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5c6578;border-top:1px solid #e6e8ee">${e(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, html, text };
}
