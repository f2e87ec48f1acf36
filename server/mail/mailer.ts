import nodemailer, { type Transporter } from 'nodemailer';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/connect.ts';
import { mailbox } from '../db/schema/index.ts';
import { renderEmail, type TEmailKind } from './templates.ts';

export interface TMailRequest {
  site: { id: number; name: string; domain: string; mailName: string; supportEmail: string };
  to: string;
  locale: string;
  kind: TEmailKind;
  vars: Record<string, string | number>;
  /** Where replies go when not to the sender (SMTP only; the dev mailbox does not keep it). */
  replyTo?: string;
}

/** Sends transactional email: SMTP when SMTP_URL is set, else the dev mailbox table (shown at /dev/mailbox). */
export function createMailer(config: TConfig, db: TDb) {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  return {
    kind: transport ? ('smtp' as const) : ('mailbox' as const),
    /** Renders the email in the recipient's locale and delivers it. */
    async send(req: TMailRequest): Promise<void> {
      const mail = renderEmail(req.kind, req.locale, { site: req.site.name, domain: req.site.domain, ...req.vars });
      if (transport) {
        const from = config.mailFrom ?? `"${req.site.mailName}" <${req.site.supportEmail}>`;
        await transport.sendMail({
          from,
          to: req.to,
          replyTo: req.replyTo,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
        return;
      }
      await db.insert(mailbox).values({
        siteId: req.site.id,
        to: req.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        kind: req.kind,
      });
    },
    close() {
      transport?.close();
    },
  };
}

export type TMailer = ReturnType<typeof createMailer>;
