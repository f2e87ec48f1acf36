import { AUTH_COOKIE_MAX_AGE_S, SESSION_SEEN_EVERY_MS } from '#common/constants.ts';
import { isLocale } from '#common/locales.ts';
import type { TUser } from '#common/wire/user.ts';
import type { TDb } from '#server/db/connect.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ipPrefix } from '#server/lib/ip-prefix.ts';
import type { TLogger } from '#server/lib/logger.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishSessionsEnded } from '#server/realtime/session-events.ts';
import { endPastSuspension, findAccessBan, isBannedSession, takeBannedSession } from './bans.repository.ts';
import { touchSession } from '../sessions/sessions.repository.ts';
import type { TSite } from '../sites/sites.service.ts';
import { toUserDto } from './accounts.presenter.ts';
import {
  deleteSession,
  findSessionUser,
  findUserByEmail,
  insertSession,
  markLoginSucceeded,
  reserveLoginAttempt,
  setLastLogin,
  setUserLocale,
} from './accounts.repository.ts';
import { createSignupService } from './signup.service.ts';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, LOCKOUT_MS } from '#common/constants.ts';
import { MINUTE_MS } from '#common/time.ts';

type TNewSession = { token: string; maxAge: number };

/** Who opened a session, as the list of sessions in settings shows it: browser, truncated address, GeoIP country. */
export type TSessionClient = { userAgent: string | null; ip?: string | null; country?: string | null };

/** What the account rules need: the database, the mail queue, the job runner and the realtime hub. */
export interface TAccountsDeps {
  db: TDb;
  mailer: TMailer;
  jobs: Pick<TJobRunner, 'runNow'>;
  realtime: TRealtimeHub;
  log: Pick<TLogger, 'warn'>;
  now?: () => Date;
}

/** Account rules: signup and activation (`signup.service.ts`), login with lockout, sessions (spec §3–§8). */
export function createAccountsService(deps: TAccountsDeps) {
  const { db, realtime, log } = deps;
  const now = deps.now ?? (() => new Date());
  // Verifying against a real hash for unknown emails keeps both answers equally slow.
  const dummyHash = hashPassword(newToken());

  /**
   * Refuses a session to a banned or suspended member (login, reset and reactivation links alike), with the error
   * that points to the access-ban page; a suspension whose date passed ends here, by itself.
   */
  async function assertNotBanned(userId: number): Promise<void> {
    const ban = await findAccessBan(db, userId);
    if (ban?.bannedAt) throw new AppError('account_banned');
    if (!ban?.suspendedUntil) return;
    if (ban.suspendedUntil > now())
      throw new AppError('account_suspended', { until: ban.suspendedUntil.toISOString() });
    await endPastSuspension(db, userId, now());
  }

  async function startSession(userId: number, client: TSessionClient): Promise<TNewSession> {
    await assertNotBanned(userId);
    const token = newToken();
    await insertSession(db, {
      id: hashToken(token),
      userId,
      createdAt: now(),
      expiresAt: new Date(now().getTime() + AUTH_COOKIE_MAX_AGE_S * 1000),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      lastSeenAt: now(),
      ipPrefix: ipPrefix(client.ip),
      country: client.country ?? null,
    });
    return { token, maxAge: AUTH_COOKIE_MAX_AGE_S };
  }

  /** Deletes a session, then closes the sockets opened with it (through the hub, so on every process). */
  async function endSession(token: string): Promise<void> {
    const sessionId = hashToken(token);
    const userId = await deleteSession(db, sessionId);
    if (userId !== undefined) await publishSessionsEnded(realtime, log, { userId, only: sessionId });
  }

  /** Minutes left of a block that started at `last`, at least 1. */
  const minutesLeft = (last: Date) =>
    Math.max(1, Math.ceil((last.getTime() + LOCKOUT_MS - now().getTime()) / MINUTE_MS));

  return {
    ...createSignupService(deps),

    /** The User of spec §3 for a session's account, or null. */
    async userForSession(token: string | undefined, cdnPrefix: string): Promise<TUser | null> {
      if (!token) return null;
      const sessionId = hashToken(token);
      const row = await findSessionUser(db, sessionId, now());
      if (!row) return null;
      // 'Last active' in the list of sessions: written at most every few minutes, so nearly every request reads only.
      const seenSince = new Date(now().getTime() - SESSION_SEEN_EVERY_MS);
      if (!row.sessionSeenAt || row.sessionSeenAt < seenSince)
        await touchSession(db, { sessionId, now: now(), seenSince });
      return toUserDto(row, cdnPrefix);
    },

    /**
     * Verifies credentials with per-account and per-IP lockout (counted atomically before verifying); identical answers
     * for unknown email and wrong password. A success rotates the session: the one the visitor came with ends.
     */
    async login(
      site: TSite,
      input: { email: string; password: string },
      ctx: { ip: string; userAgent: string | null; country?: string | null; currentSession?: string },
    ): Promise<{ userId: number; session: TNewSession }> {
      const email = input.email.trim().toLowerCase();
      const attempt = await reserveLoginAttempt(db, {
        siteId: site.id,
        email,
        ip: ctx.ip,
        now: now(),
        windowStart: new Date(now().getTime() - LOCKOUT_MS),
        accountLimit: ACCOUNT_FAILURE_LIMIT,
        ipLimit: IP_FAILURE_LIMIT,
      });
      if ('blockedSince' in attempt) {
        throw new AppError('login_blocked', { minutes: minutesLeft(attempt.blockedSince) });
      }
      const user = await findUserByEmail(db, site.id, email);
      const usable = user && user.status !== 'purged';
      const valid = await verifyPassword(usable ? user.passwordHash : await dummyHash, input.password);
      if (!usable || !valid) throw new AppError('login_failed');
      await markLoginSucceeded(db, attempt.attemptId);
      if (user.status === 'deleted') throw new AppError('account_pending_deletion');
      const session = await startSession(user.id, ctx);
      await setLastLogin(db, user.id, now());
      // Rotation against session fixation: whatever session the browser came with (a planted one, or another
      // account's) ends with this login, on the API and the login form alike.
      if (ctx.currentSession) await endSession(ctx.currentSession);
      return { userId: user.id, session };
    },

    /**
     * Whether a session cookie belongs to a session a ban or suspension ended, not yet shown the access-ban page;
     * `take` consumes it (the ban page was shown), so later requests are a plain visitor's.
     */
    async endedByBan(token: string | undefined, opts: { take?: boolean } = {}): Promise<boolean> {
      if (!token) return false;
      const sessionId = hashToken(token);
      return opts.take ? takeBannedSession(db, sessionId, now()) : isBannedSession(db, sessionId, now());
    },

    /** Starts a session for an account (after a password reset or reactivation link). */
    startSessionFor: (userId: number, client: TSessionClient) => startSession(userId, client),

    /** Ends a session and closes its sockets on every process. */
    logout: (token: string | undefined) => (token ? endSession(token) : Promise.resolve()),

    /** Stores the interface language of a logged-in member. */
    async setLanguage(userId: number, locale: string): Promise<void> {
      if (!isLocale(locale)) throw new AppError('invalid_request');
      await setUserLocale(db, userId, locale);
    },
  };
}

export type TAccountsService = ReturnType<typeof createAccountsService>;
