import { escapeHtml } from '../lib/escape-html.ts';
import { serverT } from '../lib/i18n.ts';
import { frame } from './complaint-email.ts';

/**
 * The emails of moderation: the statement of reasons to a member acted against (EU DSA Art. 17), the outcome of a
 * report to its reporter, a photo approved after pre-moderation, and staff's answer to a complaint.
 */
export const MODERATION_EMAIL_KINDS = [
  'moderation_decision',
  'report_outcome',
  'photo_approved',
  'complaint_reply',
] as const;

export type TModerationEmailKind = (typeof MODERATION_EMAIL_KINDS)[number];

/** True for the kinds rendered here. */
export function isModerationEmail(kind: string): kind is TModerationEmailKind {
  return (MODERATION_EMAIL_KINDS as readonly string[]).includes(kind);
}

const e = escapeHtml;

type TBlock = { text: string; quote?: boolean; label?: string };

/** The paragraphs of each kind; vars carry codes (action, reason, content) that are localized here, in the mail's locale. */
function blocks(kind: TModerationEmailKind, t: (key: string) => string, vars: Record<string, string | number>) {
  const k = (key: string) => t(`email.${kind}.${key}`);
  const note = String(vars.note ?? '');
  switch (kind) {
    case 'moderation_decision':
      return [
        { text: t('email.greeting') },
        { text: k(`action_${vars.action}`) },
        { label: k('content_label'), text: k(`content_${vars.content}`) },
        { label: k('reason_label'), text: t(`email.moderation_reasons.${vars.reason}`) },
        ...(note ? [{ label: k('note_label'), text: note, quote: true }] : []),
        { text: k(`basis_${vars.basis}`) },
        { text: k('appeal') },
      ];
    case 'report_outcome':
      return [
        { text: t('email.greeting') },
        { text: k('body') },
        { text: k(vars.outcome === 'dismiss' ? 'outcome_dismiss' : 'outcome_action') },
        { text: k('appeal') },
      ];
    case 'photo_approved':
      return [{ text: t('email.greeting') }, { text: k('body') }];
    case 'complaint_reply':
      return [{ text: t('email.greeting') }, { text: k('intro') }, { text: note, quote: true }, { text: k('hint') }];
  }
}

/** Renders a moderation email: paragraphs, labelled facts and the staff's own text quoted (escaped) as written. */
export function renderModerationEmail(
  kind: TModerationEmailKind,
  locale: string,
  vars: Record<string, string | number>,
) {
  const tr = serverT(locale);
  const v = { ...vars, interpolation: { escapeValue: false } };
  const t = (key: string) => tr(key, v);
  const subject = t(`email.${kind}.subject`);
  const footer = t(`email.${kind}.footer`);
  const parts: TBlock[] = blocks(kind, t, vars);
  const text = [
    ...parts.flatMap((b) => [b.label ? `${b.label}: ${b.quote ? `\n${b.text}` : b.text}` : b.text, '']),
    '--',
    footer,
  ].join('\n');
  const inner = parts
    .map((b) => {
      const label = b.label ? `<strong>${e(b.label)}:</strong> ` : '';
      if (!b.quote) return `<p>${label}${e(b.text)}</p>`;
      return `${label ? `<p style="margin-bottom:4px">${label}</p>` : ''}<div style="white-space:pre-wrap;word-break:break-word;background:#f4f5f8;border-radius:6px;padding:12px 16px">${e(b.text)}</div>`;
    })
    .join('\n');
  return { subject, text, html: frame({ locale, site: String(vars.site), subject, inner, footer }) };
}
