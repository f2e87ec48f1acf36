import nodemailer, { type Transporter } from 'nodemailer';
import type { TConfig } from '../config.ts';
import type { TDb, TTx } from '../db/connect.ts';
import { enqueueJob } from '../jobs/jobs.repository.ts';
import { insertMail } from './mailbox.repository.ts';
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
      await insertMail(db, {
        siteId: req.site.id,
        to: req.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        kind: req.kind,
      });
    },
    /**
     * Sends now, or, when delivery fails, stores the message as a `send_mail` job that the job loop retries with
     * backoff: mail a user's request depends on is never lost. Returns whether it went out immediately.
     */
    async sendOrQueue(req: TMailRequest): Promise<{ sent: boolean; error?: unknown }> {
      try {
        await this.send(req);
        return { sent: true };
      } catch (error) {
        await enqueueJob(db, { kind: 'send_mail', payload: { ...req }, runAt: new Date(Date.now() + 60_000) });
        return { sent: false, error };
      }
    },
    /**
     * Queues the email as a `send_mail` job inside the caller's transaction: it exists exactly when the change that
     * causes it commits, and survives a failing mail server or a crash. Run the returned job id after the commit
     * (`jobs.runNow`) so it goes out at once; the job loop retries it with backoff otherwise.
     */
    async enqueue(tx: TDb | TTx, req: TMailRequest, runAt: Date): Promise<number> {
      const { id, name, domain, mailName, supportEmail } = req.site;
      return enqueueJob(tx, {
        kind: 'send_mail',
        payload: { ...req, site: { id, name, domain, mailName, supportEmail } },
        runAt,
      });
    },
    close() {
      transport?.close();
    },
  };
}

export type TMailer = ReturnType<typeof createMailer>;
