import nodemailer, { type Transporter } from 'nodemailer';
import type { TConfig } from '../config.ts';
import type { TCore } from '../core.ts';
import type { TDb, TTx } from '../db/connect.ts';
import type { TLogger } from '../lib/logger.ts';
import { defineJob } from '../jobs/define-job.ts';
import { PermanentJobError } from '../jobs/jobs.ts';
import { bringForwardRetries, countUserJobsSince } from '../jobs/jobs.repository.ts';
import { loadUnsubscribeKey } from '../modules/notifications/email/unsubscribe-token.ts';
import { insertMail } from './mailbox.repository.ts';
import { SEND_MAIL_JOB, SEND_MAIL_POLICY, type TMailRequest } from './send-mail.job.ts';
import { isPermanentSmtpError, isPublicHostName, isRelayUnavailable } from './smtp-answers.ts';
import { renderEmail, type TEmailKind } from './templates.ts';
import { addMinutes } from 'date-fns';

export type { TMailRequest } from './send-mail.job.ts';

/**
 * An email rendered by its caller (notification emails), sent with extra headers (List-Unsubscribe…) and, for SMTP, a
 * fixed Message-ID. `kind` is what the dev mailbox shows; the dev mailbox keeps no headers.
 */
export interface TRenderedMail {
  site: TMailRequest['site'];
  to: string;
  locale: string;
  kind: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** `<id@domain>`: the same for a retried send, so receiving servers can drop a duplicate. */
  messageId?: string;
}

/** What an email needs of its site (name, domain, sender), as stored in a queued email's payload. */
export function mailSite(site: TMailRequest['site']): TMailRequest['site'] {
  const { id, name, domain, mailName, supportEmail } = site;
  return { id, name, domain, mailName, supportEmail };
}

/** How long a request waits for `sendOrQueue` before leaving the send to the background. */
const SEND_WAIT_MS = 500;

/** While the relay is unreachable, it is tried this often (an SMTP handshake, no email) to send the waiting mail. */
export const MAIL_RELAY_PROBE_MS = 15_000;

/** The job kinds that deliver email (brought forward together when the relay answers again). */
const DEFAULT_MAIL_JOB_KINDS = [SEND_MAIL_JOB.kind];

/** What the mailer needs besides the core. */
export interface TMailerDeps {
  config: TConfig;
  /** The default site's domain: the EHLO name when neither SMTP_HELO_NAME nor PUBLIC_URL gives one. */
  defaultDomain?: string;
  /** Job kinds that send email, made due at once when the relay answers again (default send_mail). */
  mailJobKinds?: readonly string[];
  /** Overrides MAIL_RELAY_PROBE_MS. */
  relayProbeMs?: number;
}

/** The core as the mailer uses it: the database, the clock, and the log levels it writes at. */
type TMailerCore = Pick<TCore, 'db' | 'now'> & { log: Pick<TLogger, 'warn' | 'error' | 'info'> };

/** Sends transactional email: SMTP when SMTP_URL is set, else the dev mailbox table (shown at /dev/mailbox). */
export function createMailer(core: TMailerCore, deps: TMailerDeps) {
  const { db, log, now } = core;
  const { config, mailJobKinds = DEFAULT_MAIL_JOB_KINDS } = deps;
  // EHLO with our host name, not nodemailer's fallback "[127.0.0.1]" (a spam signal).
  const heloName = config.smtp.heloName ?? (isPublicHostName(deps.defaultDomain) ? deps.defaultDomain : undefined);
  if (config.smtpUrl && !heloName) {
    log.warn(
      'SMTP greeting (EHLO) without a host name: receiving servers see "[127.0.0.1]", a spam signal; set SMTP_HELO_NAME or PUBLIC_URL',
    );
  }
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // Connections are kept and reused (a connect, greeting and TLS handshake per email cost 10× the throughput
        // in bench:notify); a few at once, as relays allow.
        pool: true,
        maxConnections: 4,
        name: heloName,
        connectionTimeout: config.smtp.timeoutMs,
        greetingTimeout: config.smtp.timeoutMs,
        socketTimeout: config.smtp.timeoutMs,
      })
    : null;

  // The relay outage this process saw: from a delivery that got no answer until one that went through, or a probe
  // that did; then the mail waiting for its backoff slot is made due at once.
  let relayDown = false;
  let probeTimer: ReturnType<typeof setInterval> | undefined;

  /** Starts the outage (once) and probes the relay until it answers. */
  function relayFailed(): void {
    if (relayDown) return;
    relayDown = true;
    probeTimer = setInterval(() => void probeRelay(), deps.relayProbeMs ?? MAIL_RELAY_PROBE_MS);
    probeTimer.unref();
  }

  /** Ends the outage: the waiting mail jobs are due now (the job loop sends them at its next look). */
  async function relayAnswers(): Promise<void> {
    if (!relayDown) return;
    relayDown = false;
    clearInterval(probeTimer);
    try {
      const count = await bringForwardRetries(db, mailJobKinds, now());
      log.info({ count }, 'mail relay answers again: waiting emails are due now');
    } catch (err) {
      log.warn({ err }, 'mail relay answers again; waiting emails keep their retry time');
    }
  }

  /** Checks that the relay answers (connection, greeting, login; no email); ends an outage when it does. */
  async function probeRelay(): Promise<boolean> {
    if (!transport) return true;
    try {
      await transport.verify();
    } catch {
      return false;
    }
    await relayAnswers();
    return true;
  }

  /** Delivers a rendered email: over SMTP, or into the dev mailbox table. */
  async function deliverRendered(mail: TRenderedMail & { replyTo?: string }): Promise<void> {
    if (transport) {
      const from = config.mailFrom ?? `"${mail.site.mailName}" <${mail.site.supportEmail}>`;
      try {
        await sendOverSmtp(transport, from, mail);
      } catch (err) {
        if (isRelayUnavailable(err)) relayFailed();
        throw err;
      }
      await relayAnswers();
      return;
    }
    await insertMail(db, {
      siteId: mail.site.id,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      kind: mail.kind,
    });
  }

  /** One email over SMTP, with the headers every email carries. */
  async function sendOverSmtp(smtp: Transporter, from: string, mail: TRenderedMail & { replyTo?: string }) {
    await smtp.sendMail({
      from,
      to: mail.to,
      // Bounces go to the bounce address, not to the support inbox the From address may be.
      envelope: config.smtp.bounceAddress ? { from: config.smtp.bounceAddress, to: mail.to } : undefined,
      replyTo: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': mail.locale, ...mail.headers },
    });
  }

  /** Renders the email in the recipient's locale and delivers it. */
  async function send(req: TMailRequest): Promise<void> {
    const mail = renderEmail(req.kind, req.locale, { site: req.site.name, domain: req.site.domain, ...req.vars });
    await deliverRendered({
      ...mail,
      site: req.site,
      to: req.to,
      locale: req.locale,
      kind: req.kind,
      headers: {},
      replyTo: req.replyTo,
    });
  }

  let unsubscribeKey: Promise<Buffer> | undefined;

  return {
    kind: transport ? ('smtp' as const) : ('mailbox' as const),
    send,
    /**
     * Sends an email its caller rendered, with extra headers and a fixed Message-ID (notification emails). Throws
     * when delivery fails; a 5xx answer is a PermanentJobError (a job that calls this is not retried on it).
     */
    async sendRendered(mail: TRenderedMail): Promise<void> {
      try {
        await deliverRendered(mail);
      } catch (err) {
        if (isPermanentSmtpError(err)) throw new PermanentJobError((err as Error).message, { cause: err });
        throw err;
      }
    },
    /** The key that signs List-Unsubscribe links (an app secret, loaded once per process). */
    listUnsubscribeKey(): Promise<Buffer> {
      unsubscribeKey ??= loadUnsubscribeKey(db).catch((err: unknown) => {
        unsubscribeKey = undefined;
        throw err;
      });
      return unsubscribeKey;
    },
    /**
     * Sends now, or, when delivery fails, stores the message as a `send_mail` job that the job loop retries with
     * backoff: mail a user's request depends on is never lost. Waits SEND_WAIT_MS at most: a slow mail server goes on
     * in the background (`pending`), queued the same way if it fails then. Returns whether it went out immediately.
     */
    sendOrQueue(req: TMailRequest): Promise<{ sent: boolean; error?: unknown; pending?: boolean }> {
      const attempt: Promise<{ sent: boolean; error?: unknown }> = send(req).then(
        () => ({ sent: true }),
        async (error: unknown) => {
          await SEND_MAIL_JOB.enqueue(db, { ...req }, { runAt: addMinutes(new Date(), 1) });
          return { sent: false, error };
        },
      );
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<{ sent: boolean; pending: boolean }>((resolve) => {
        timer = setTimeout(() => resolve({ sent: false, pending: true }), SEND_WAIT_MS);
      });
      let isWaiting = true;
      // Once the caller has stopped waiting, only the log hears how the attempt ended.
      void attempt.then(
        (result) => {
          if (!isWaiting && !result.sent)
            log.warn({ err: result.error, kind: req.kind }, 'email failed; queued for retry');
        },
        (err: unknown) => {
          if (!isWaiting) log.error({ err, kind: req.kind }, 'email failed and could not be queued');
        },
      );
      return Promise.race([attempt, waited]).finally(() => {
        isWaiting = false;
        clearTimeout(timer);
      });
    },
    /**
     * Queues the email as a `send_mail` job inside the caller's transaction: it exists exactly when the change that
     * causes it commits, and survives a failing mail server or a crash. Run the returned job id after the commit
     * (`jobs.runNow`) so it goes out at once; the job loop retries it with backoff otherwise. `now` is the time of
     * the change (the job is due at once).
     */
    async enqueue(tx: TDb | TTx, req: TMailRequest, now: Date): Promise<number> {
      const { userId, ...mail } = req;
      return SEND_MAIL_JOB.enqueue(tx, { ...mail, site: mailSite(req.site) }, { runAt: now, createdAt: now, userId });
    },
    /** The `send_mail` job: sends the queued email; a 5xx answer is a PermanentJobError (it fails, not retried on). */
    jobs: [
      defineJob(SEND_MAIL_JOB, {
        policy: SEND_MAIL_POLICY,
        async handler(req) {
          try {
            await send(req);
          } catch (err) {
            if (isPermanentSmtpError(err)) throw new PermanentJobError((err as Error).message, { cause: err });
            throw err;
          }
        },
      }),
    ],
    /**
     * How many emails of a kind a member was sent since a time: delivered ones, and queued ones whose first attempt
     * is still ahead. One whose delivery failed (for good, or is being retried) does not count, so a mail outage
     * never uses up a member's daily allowance. Pass the transaction that holds the account's lock (and queues the next
     * email) so that parallel requests count one after the other.
     */
    countSentSince(userId: number, { kind, since, tx }: { kind: TEmailKind; since: Date; tx?: TTx }): Promise<number> {
      return countUserJobsSince(tx ?? db, { kind: SEND_MAIL_JOB.kind, userId, match: { kind }, since });
    },
    probeRelay,
    close() {
      clearInterval(probeTimer);
      transport?.close();
    },
  };
}

export type TMailer = ReturnType<typeof createMailer>;
