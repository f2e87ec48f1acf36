import { pageUrl } from '#common/routes.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import type { TMailer, TMailRequest } from '#server/mail/mailer.ts';
import { insertToken } from './accounts.repository.ts';
import { HOUR_MS } from '#common/time.ts';

/** The site as a queued email keeps it. */
export type TMailSite = TMailRequest['site'];

/** The emailed single-use links; `mail_undo` goes out in the 'your email address was changed' email. */
export type TLinkKind = 'activation' | 'reset' | 'mail_change' | 'reactivation' | 'mail_undo';

/** The account an email goes to: its id, the address, the language and the name it greets. */
export type TMailRecipient = { userId: number; to: string; locale: string; name: string };

/** One emailed link: where it leads (the token is appended), how long it lives, what it carries. */
export type TLinkMail = TMailRecipient & {
  site: TMailSite;
  kind: TLinkKind;
  /** The link without its token (`${origin}/reset-password/do`). */
  link: string;
  hours: number;
  /** Stored with the token (e.g. the address an email change confirms). */
  data?: Record<string, string>;
  /** More template variables besides name, link and hours. */
  vars?: Record<string, string>;
};

/**
 * Emailed single-use links (activation, reset, email change and its undo, reactivation) and the 'your password was
 * changed' notice: the token is stored hashed and the email queued in the caller's transaction, so a link exists
 * exactly when its email does; the caller runs the returned mail job after the commit.
 */
export function createLinkMail({ mailer, now }: { mailer: Pick<TMailer, 'enqueue'>; now: () => Date }) {
  /** Stores a single-use token in the caller's transaction and returns it (only its hash is kept). */
  async function issueToken(
    tx: TDb | TTx,
    t: { userId: number; kind: TLinkKind; hours: number; data?: Record<string, string> },
  ): Promise<string> {
    const token = newToken();
    // One clock reading: the link lives exactly `hours` (two readings could differ by a millisecond).
    const createdAt = now();
    await insertToken(tx, {
      userId: t.userId,
      kind: t.kind,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + t.hours * HOUR_MS),
      data: t.data ?? {},
    });
    return token;
  }

  return {
    issueToken,

    /** Issues a single-use link and queues its email in the same transaction; returns the mail job. */
    async queueLinkMail(tx: TTx, m: TLinkMail): Promise<number> {
      const token = await issueToken(tx, m);
      return mailer.enqueue(
        tx,
        {
          site: m.site,
          to: m.to,
          locale: m.locale,
          kind: m.kind === 'mail_undo' ? 'email_changed' : m.kind,
          userId: m.userId,
          vars: { ...m.vars, name: m.name, link: `${m.link}?token=${token}`, hours: m.hours },
        },
        now(),
      );
    },

    /** Queues the 'your password was changed' email (with the way to a new reset if it was not the member). */
    queuePasswordChangedMail(tx: TTx, m: TMailRecipient & { site: TMailSite; origin: string }): Promise<number> {
      return mailer.enqueue(
        tx,
        {
          site: m.site,
          to: m.to,
          locale: m.locale,
          kind: 'password_changed',
          userId: m.userId,
          vars: { name: m.name, link: pageUrl(m.origin, 'reset-password') },
        },
        now(),
      );
    },
  };
}

export type TLinkMailer = ReturnType<typeof createLinkMail>;
