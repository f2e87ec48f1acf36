import { createHash } from 'node:crypto';
import type { TFunction } from 'i18next';
import { escapeHtml } from '#server/lib/escape-html.ts';
import { serverT } from '#server/lib/i18n.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import { type TActor, type TNotificationDelivery, notificationPath } from '../notifier/content.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';
import { pageUrl } from '#common/routes.ts';

/** The links of a notification email: what it is about, one-click unsubscribe, and the notification settings. */
export interface TNotificationLinks {
  open: string;
  unsubscribe: string;
  settings: string;
}

/** What a notification email shows between header and footer, channel-neutral. */
interface TEmailBody {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The member the email is about (photo and name), when there is one. */
  actor?: TActor | null;
  /** The weekly digest's members. */
  members?: { actor: TActor; link: string }[];
  button: { label: string; href: string };
  /** Advice under the button (emails about members: privacy, safety, how to choose what arrives). */
  goodToKnow?: TGoodToKnow;
}

/** The "good to know" part of an email about a member. */
interface TGoodToKnow {
  heading: string;
  paragraphs: string[];
  safetyIntro: string;
  safetyTips: string[];
  profileTip: string;
  manage: string;
}

/** Kinds whose email is about another member: they carry the "good to know" part. */
const ABOUT_A_MEMBER: readonly string[] = ['new_conversations', 'new_messages', 'like', 'unread_message_reminders'];
/** Kinds about messages: the privacy note says why the message itself is not in the email. */
const ABOUT_MESSAGES: readonly string[] = ['new_conversations', 'new_messages', 'unread_message_reminders'];
/** The safety tips, in order (`notifications.email.safety.<tip>`). */
const SAFETY_TIPS = ['password', 'money', 'meet', 'report'] as const;

/** Members the weekly digest lists at most. */
const WEEKLY_MEMBERS_SHOWN = 6;

const e = escapeHtml;

/** The "good to know" part of an email about a member, or undefined for other kinds. */
function goodToKnowOf(kind: string, site: string, t: TFunction): TGoodToKnow | undefined {
  if (!ABOUT_A_MEMBER.includes(kind)) return undefined;
  const v = { site, interpolation: { escapeValue: false } };
  const k = 'notifications.email';
  return {
    heading: t(`${k}.good_to_know`, v),
    paragraphs: ABOUT_MESSAGES.includes(kind) ? [t(`${k}.privacy`, v)] : [],
    safetyIntro: t(`${k}.safety.intro`, v),
    safetyTips: SAFETY_TIPS.map((tip) => t(`${k}.safety.${tip}`, v)),
    profileTip: t(`${k}.profile_tip`, v),
    manage: t(`${k}.manage`, v),
  };
}

/** The texts of one kind's email, in the recipient's language. */
function bodyOf(delivery: TNotificationDelivery, links: TNotificationLinks, t: TFunction): TEmailBody {
  const c = delivery.content;
  const site = delivery.site.name;
  const v = (extra: Record<string, unknown> = {}) => ({ site, ...extra, interpolation: { escapeValue: false } });
  const k = `notifications.email.${c.kind}`;
  switch (c.kind) {
    case 'new_conversations':
    case 'new_messages': {
      const vars = v({ name: c.actor.name });
      return {
        subject: t(`${k}.subject`, vars),
        heading: t(`${k}.heading`, vars),
        paragraphs: [t(`${k}.body`, vars), t(`${k}.more`, vars)],
        actor: c.actor,
        button: { label: t(`${k}.button`, vars), href: links.open },
      };
    }
    case 'like': {
      const vars = v({ name: c.actor.name });
      const p = c.match ? `${k}.match_` : `${k}.`;
      return {
        subject: t(`${p}subject`, vars),
        heading: t(`${p}heading`, vars),
        paragraphs: [t(`${p}body`, vars), t(`${p}more`, vars)],
        actor: c.actor,
        button: { label: t(`${p}button`, vars), href: links.open },
      };
    }
    case 'unread_message_reminders': {
      const counted = v({ count: c.unread });
      const vars = v({ name: c.actor?.name ?? '' });
      return {
        subject: t(`${k}.subject`, counted),
        heading: t(`${k}.heading`, counted),
        paragraphs: [...(c.actor ? [t(`${k}.from`, vars)] : []), t(`${k}.body`, vars), t(`${k}.more`, vars)],
        actor: c.actor,
        button: { label: t(`${k}.button`, vars), href: links.open },
      };
    }
    case 'weekly_updates': {
      const origin = new URL(links.settings).origin;
      const shown = c.members.slice(0, WEEKLY_MEMBERS_SHOWN);
      const counted = v({ count: c.members.length });
      return {
        subject: t(`${k}.subject`, counted),
        heading: t(`${k}.subject`, counted),
        paragraphs: [t(`${k}.body`, v())],
        members: shown.map((actor) => ({ actor, link: pageUrl(origin, 'members-id', { id: actor.profileId }) })),
        button: { label: t(`${k}.button`, v()), href: links.open },
      };
    }
    case 'reminders': {
      const r = `${k}.${c.reminder}`;
      const href = c.reminder === 'activation' && c.link ? c.link : links.open;
      return {
        subject: t(`${r}.subject`, v()),
        heading: t(`${r}.subject`, v()),
        paragraphs: [t(`${r}.body`, v())],
        button: { label: t(`${r}.button`, v()), href },
      };
    }
    case 'promotions':
    case 'news':
      return {
        subject: c.title,
        heading: c.title,
        paragraphs: c.body
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
        button: { label: t(`${k}.button`, v()), href: links.open },
      };
  }
}

/** Name, age and city of a member as one line ("Anna, 34 · Berlin"). */
function memberLine(a: TActor): string {
  return [a.name, a.age].filter((x) => x !== null && x !== '').join(', ') + (a.city ? ` · ${a.city}` : '');
}

/** A member's photo (96 px, the name as alt text), or nothing. */
function photoHtml(a: TActor): string {
  return a.photoUrl
    ? `<img src="${e(a.photoUrl)}" alt="${e(a.name)}" width="96" height="96" style="display:block;margin:0 auto 8px;border-radius:48px;object-fit:cover">`
    : '';
}

/**
 * Renders a notification email in the recipient's language (delivery.locale): subject, HTML and text part. Shows who
 * wrote or liked (name and photo), never a message's text; emails about a fictional profile carry the site's fictional
 * warning; every one ends with why it was sent, the unsubscribe link and the notification settings.
 */
export function renderNotificationEmail(delivery: TNotificationDelivery, links: TNotificationLinks) {
  const t = serverT(delivery.locale);
  const { name: site, domain } = delivery.site;
  const c = delivery.content;
  const body = { ...bodyOf(delivery, links, t), goodToKnow: goodToKnowOf(c.kind, site, t) };
  const tips = body.goodToKnow;
  const isFictional =
    ('actor' in c && c.actor?.fictional === true) ||
    (c.kind === 'weekly_updates' && c.members.some((m) => m.fictional));
  const warning = isFictional ? delivery.fictionalWarning : '';
  const plain = { site, interpolation: { escapeValue: false } };
  const reason = t(`notifications.email.${c.kind}.reason`, plain);
  const unsubscribe = t('notifications.email.unsubscribe', plain);
  const settings = t('notifications.email.settings', plain);
  const hint = t('email.link_hint', plain);

  const text = [
    body.heading,
    '',
    ...(body.actor ? [memberLine(body.actor), ''] : []),
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.members ?? []).map((m) => `- ${memberLine(m.actor)}: ${m.link}`),
    ...(body.members?.length ? [''] : []),
    `${body.button.label}: ${body.button.href}`,
    '',
    ...(tips
      ? [
          tips.heading,
          '',
          ...tips.paragraphs.flatMap((p) => [p, '']),
          tips.safetyIntro,
          ...tips.safetyTips.map((tip) => `- ${tip}`),
          '',
          tips.profileTip,
          '',
          tips.manage,
          '',
        ]
      : []),
    ...(warning ? [warning, ''] : []),
    '--',
    reason,
    `${unsubscribe}: ${links.unsubscribe}`,
    `${settings}: ${links.settings}`,
    `${site} (${domain})`,
  ].join('\n');

  const actorHtml = body.actor
    ? `<div style="text-align:center;margin:0 0 16px">${photoHtml(body.actor)}<strong>${e(memberLine(body.actor))}</strong></div>`
    : '';
  const membersHtml = body.members?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr>${body.members
        .map(
          (m, i) =>
            `${i > 0 && i % 3 === 0 ? '</tr><tr>' : ''}<td align="center" valign="top" width="33%" style="padding:8px;font-size:13px"><a href="${e(m.link)}" style="color:#1b2a4a;text-decoration:none">${photoHtml(m.actor)}${e(memberLine(m.actor))}</a></td>`,
        )
        .join('')}</tr></table>`
    : '';
  const paragraphs = body.paragraphs.map((p) => `<p>${e(p).replace(/\n/g, '<br>')}</p>`).join('');
  const warningHtml = warning
    ? `<p style="font-size:12px;color:#5c6578;background:#f4f5f8;border:1px solid #e6e8ee;border-radius:6px;padding:8px 12px">${e(warning)}</p>`
    : '';
  const href = e(body.button.href);
  const tipsHtml = tips
    ? `<div style="background:#f4f5f8;border:1px solid #e6e8ee;border-radius:6px;padding:12px 16px;margin:16px 0;font-size:13px;line-height:1.5">
<h2 style="font-size:15px;margin:0 0 8px">${e(tips.heading)}</h2>
${tips.paragraphs.map((p) => `<p style="margin:0 0 8px">${e(p)}</p>`).join('\n')}
<p style="margin:0 0 4px">${e(tips.safetyIntro)}</p>
<ul style="margin:0 0 8px;padding-left:20px">${tips.safetyTips.map((tip) => `<li>${e(tip)}</li>`).join('')}</ul>
<p style="margin:0 0 8px">${e(tips.profileTip)}</p>
<p style="margin:0">${e(tips.manage)}</p>
</div>`
    : '';
  const html = `<!doctype html><html lang="${e(delivery.locale)}"><head><meta charset="utf-8"><title>${e(body.subject)}</title></head>
<body style="margin:0;background:#f4f5f8;font-family:'Open Sans',Arial,sans-serif;color:#1b2a4a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px">
<tr><td style="background:#1b2a4a;color:#fff;padding:16px 24px;font-weight:700;font-size:18px;border-radius:8px 8px 0 0"><span style="color:#e8173f">&#9829;</span> ${e(site)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 16px;text-align:center">${e(body.heading)}</h1>
${actorHtml}${paragraphs}${membersHtml}
<p style="text-align:center;margin:28px 0"><a href="${href}" style="background:#e8173f;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600;display:inline-block">${e(body.button.label)}</a></p>
<p style="font-size:13px;color:#5c6578">${e(hint)}<br><a href="${href}" style="color:#1b2a4a;word-break:break-all">${href}</a></p>
${tipsHtml}${warningHtml}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5c6578;border-top:1px solid #e6e8ee">${e(reason)}<br>
<a href="${e(links.unsubscribe)}" style="color:#5c6578">${e(unsubscribe)}</a> · <a href="${e(links.settings)}" style="color:#5c6578">${e(settings)}</a><br>
${e(site)} (${e(domain)})</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: body.subject, html, text };
}

/**
 * The Message-ID of a notification email: derived from (event, member, channel), so a retried send carries the same
 * id and a receiving server that already has it drops the copy.
 */
export function notificationMessageId(eventKey: string, userId: number, domain: string): string {
  const digest = createHash('sha256').update(`${eventKey}\n${userId}\nemail`).digest('hex').slice(0, 32);
  return `<notify-${digest}@${domain}>`;
}

/**
 * Renders a notification email for one member, builds its links (a signed one-click unsubscribe token for its kind)
 * and its headers (List-Unsubscribe with https and mailto, List-Unsubscribe-Post, a deterministic Message-ID) and sends
 * it through the mailer. `origin` is `https://<domain>` (server/lib/site-origin.ts). Throws when delivery fails (a 5xx
 * answer as a PermanentJobError). The mailto address is the site's support inbox, which handles such requests by hand.
 */
export async function sendNotificationEmail(
  mailer: Pick<TMailer, 'sendRendered' | 'listUnsubscribeKey'>,
  req: { delivery: TNotificationDelivery; to: string; userId: number; eventKey: string; origin: string; now?: Date },
): Promise<void> {
  const { delivery, origin } = req;
  const token = signUnsubscribeToken(
    await mailer.listUnsubscribeKey(),
    { userId: req.userId, scope: delivery.content.kind },
    req.now ?? new Date(),
  );
  const path = notificationPath(delivery.content);
  const links = {
    open: /^https?:\/\//.test(path) ? path : `${origin}${path}`,
    unsubscribe: pageUrl(origin, 'unsubscribe', {}, { token }),
    settings: pageUrl(origin, 'notifications'),
  };
  const mail = renderNotificationEmail(delivery, links);
  const mailto = `mailto:${delivery.site.supportEmail}?subject=unsubscribe%20${token}`;
  await mailer.sendRendered({
    site: delivery.site,
    to: req.to,
    locale: delivery.locale,
    kind: `notify_${delivery.content.kind}`,
    ...mail,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: notificationMessageId(req.eventKey, req.userId, delivery.site.domain),
  });
}
