import { escapeHtml } from '../lib/escape-html.ts';
import { serverT } from '../lib/i18n.ts';

/** The emails of a complaint: the complaint itself to support, and the receipt to the complainant. */
export const COMPLAINT_EMAIL_KINDS = ['complaint', 'complaint_receipt'] as const;

export type TComplaintEmailKind = (typeof COMPLAINT_EMAIL_KINDS)[number];

/** True for the kinds rendered here. */
export function isComplaintEmail(kind: string): kind is TComplaintEmailKind {
  return (COMPLAINT_EMAIL_KINDS as readonly string[]).includes(kind);
}

const e = escapeHtml;

/** The shared frame of the complaint and moderation emails; `inner` is already escaped HTML. */
export function frame({
  locale,
  site,
  subject,
  inner,
  footer,
}: Record<'locale' | 'site' | 'subject' | 'inner' | 'footer', string>): string {
  return `<!doctype html><html lang="${e(locale)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;background:#f4f5f8;font-family:'Open Sans',Arial,sans-serif;color:#1b2a4a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px">
<tr><td style="background:#1b2a4a;color:#fff;padding:16px 24px;font-weight:700;font-size:18px;border-radius:8px 8px 0 0"><span style="color:#e8173f">&#9829;</span> ${e(site)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${inner}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5c6578;border-top:1px solid #e6e8ee">${e(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * Renders a complaint email. `complaint` (to support) carries the sender's details and message, escaped;
 * `complaint_receipt` (to the complainant) repeats none of what the sender typed, so the form cannot be
 * used to send chosen text to someone else's address.
 */
export function renderComplaintEmail(kind: TComplaintEmailKind, locale: string, vars: Record<string, string | number>) {
  const t = serverT(locale);
  const v = { ...vars, interpolation: { escapeValue: false } };
  const subject = t(`email.${kind}.subject`, v);
  const site = String(vars.site);
  if (kind === 'complaint_receipt') {
    const lines = [
      t('email.complaint_receipt.greeting', v),
      t('email.complaint_receipt.body', v),
      t('email.complaint_receipt.number', v),
    ];
    const footer = t('email.complaint_receipt.footer', v);
    const text = [...lines.flatMap((l) => [l, '']), '--', footer].join('\n');
    const inner = lines.map((l) => `<p>${e(l)}</p>`).join('');
    return { subject, text, html: frame({ locale, site, subject, inner, footer }) };
  }
  const details: [string, string][] = [
    [t('email.complaint.number_label', v), `#${vars.id}`],
    [t('email.complaint.topic_label', v), String(vars.topic)],
    [t('email.complaint.from_label', v), `${vars.name} <${vars.email}>`],
    [t('email.complaint.account_label', v), String(vars.account)],
    [t('email.complaint.language_label', v), String(vars.language)],
  ];
  const intro = t('email.complaint.intro', v);
  const messageLabel = t('email.complaint.message_label', v);
  const hint = t('email.complaint.reply_hint', v);
  const footer = t('email.complaint.footer', v);
  const message = String(vars.message);
  const text = [
    intro,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    `${messageLabel}:`,
    message,
    '',
    hint,
    '',
    '--',
    footer,
  ].join('\n');
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top;white-space:nowrap">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`,
    )
    .join('');
  const inner = `<p>${e(intro)}</p><table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px">${rows}</table>
<p style="margin:20px 0 4px;font-weight:600">${e(messageLabel)}</p>
<div style="white-space:pre-wrap;word-break:break-word;background:#f4f5f8;border-radius:6px;padding:12px 16px">${e(message)}</div>
<p style="font-size:13px;color:#5c6578">${e(hint)}</p>`;
  return { subject, text, html: frame({ locale, site, subject, inner, footer }) };
}
