import { makeSignupSchema, sexualityFor, type TSignupRequest } from '../../../common/accounts.ts';
import { withOrientationNiches } from '../../../common/consents.ts';
import { AUTH_COOKIE_MAX_AGE_S, SESSION_SEEN_EVERY_MS, TRACKING_KEYS } from '../../../common/constants.ts';
import { isLocale, type TLocale } from '../../../common/locales.ts';
import { cleanTrackingValue } from '../../../common/visibility.ts';
import type { TUser } from '../../../common/wire/user.ts';
import type { TDb, TTx } from '../../db/connect.ts';
import type { TJobRunner } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { ipPrefix } from '../../lib/ip-prefix.ts';
import type { TLogger } from '../../lib/logger.ts';
import { assertStrongPassword, hashPassword, siteWords, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TRealtimeHub } from '../../realtime/hub.ts';
import { publishSessionsEnded } from '../../realtime/session-events.ts';
import { recordConsent } from '../consents/consents.service.ts';
import { findPublicProfile } from '../profiles/profiles.repository.ts';
import { mainImage } from '../profiles/profile-card.ts';
import { touchSession } from '../sessions/sessions.repository.ts';
import type { TSite } from '../sites/sites.service.ts';
import { lockAccountAddress } from './account-changes.repository.ts';
import {
  confirmAccount,
  consumeToken,
  deleteSession,
  findLiveToken,
  findSessionUser,
  findUserByEmail,
  findUserWithProfile,
  insertLedgerRow,
  insertMember,
  insertSession,
  insertToken,
  isUniqueViolation,
  markLoginSucceeded,
  reserveLoginAttempt,
  setLastLogin,
  setUserLocale,
  type TUserWithProfile,
} from './accounts.repository.ts';
import { pageUrl } from '../../../common/routes.ts';

/** Rolls back the dry run of a signup for an address that already has an account. */
class DryRunRollback extends Error {}

/** Failed logins per account within the window before the account is blocked (spec §8 wording). */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failed logins per IP within the window before the IP is blocked. */
export const IP_FAILURE_LIMIT = 30;
/** Lockout window and block duration. */
export const LOCKOUT_MS = 15 * 60_000;
/** Activation links stay valid this many hours. */
export const ACTIVATION_HOURS = 168;
/** Activation emails an account may request per day. */
const ACTIVATION_EMAILS_PER_DAY = 5;

export interface TSignupContext {
  site: TSite;
  locale: TLocale;
  country: string;
  origin: string;
  userAgent: string | null;
  hasTrafficSource: boolean;
  /** GeoIP country of the request: the approximate place shown in the member's list of sessions. */
  geoCountry?: string | null;
  /** The client's address; stored truncated with the consents given at signup. */
  ip?: string | null;
}

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

/** Account rules: signup, activation, login with lockout, sessions (spec §3–§8). */
export function createAccountsService(deps: TAccountsDeps) {
  const { db, mailer, jobs, realtime, log } = deps;
  const now = deps.now ?? (() => new Date());
  // Verifying against a real hash for unknown emails keeps both answers equally slow.
  const dummyHash = hashPassword(newToken());

  async function startSession(userId: number, client: TSessionClient): Promise<TNewSession> {
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

  /** Stores an activation token and queues its email in the caller's transaction; returns the mail job. */
  async function queueActivation(
    tx: TTx,
    site: TSite,
    origin: string,
    user: { id: number; email: string; locale: string; name: string },
  ): Promise<number> {
    const token = newToken();
    await insertToken(tx, {
      userId: user.id,
      kind: 'activation',
      tokenHash: hashToken(token),
      createdAt: now(),
      expiresAt: new Date(now().getTime() + ACTIVATION_HOURS * 3_600_000),
    });
    return mailer.enqueue(
      tx,
      {
        site,
        to: user.email,
        locale: user.locale,
        kind: 'activation',
        userId: user.id,
        vars: { name: user.name, link: pageUrl(origin, 'activate', {}, { token }), hours: ACTIVATION_HOURS },
      },
      now(),
    );
  }

  /**
   * Queues, in the caller's transaction, the email to the owner of an address someone tried to sign up with: log in, or
   * choose a new password (the visitor got the same answer as for a new address). The per-address signup budget limits
   * how often this can be sent.
   */
  async function queueSignupNotice(tx: TTx, site: TSite, origin: string, userId: number): Promise<number | undefined> {
    const owner = await lockAccountAddress(tx, userId);
    if (!owner) return undefined;
    return mailer.enqueue(
      tx,
      {
        site,
        to: owner.email,
        locale: owner.locale,
        kind: 'signup_attempt',
        userId,
        vars: { name: owner.name, link: pageUrl(origin, 'login'), reset_link: pageUrl(origin, 'reset-password') },
      },
      now(),
    );
  }

  /** Deletes a session, then closes the sockets opened with it (through the hub, so on every process). */
  async function endSession(token: string): Promise<void> {
    const sessionId = hashToken(token);
    const userId = await deleteSession(db, sessionId);
    if (userId !== undefined) await publishSessionsEnded(realtime, log, userId, { only: sessionId });
  }

  /** Minutes left of a block that started at `last`, at least 1. */
  const minutesLeft = (last: Date) => Math.max(1, Math.ceil((last.getTime() + LOCKOUT_MS - now().getTime()) / 60_000));

  return {
    /** The User of spec §3 for a session's account, or null. */
    async userForSession(token: string | undefined, cdnPrefix: string): Promise<TUser | null> {
      if (!token) return null;
      const sessionId = hashToken(token);
      const row = await findSessionUser(db, sessionId, now());
      if (!row) return null;
      // 'Last active' in the list of sessions: written at most every few minutes, so nearly every request reads only.
      const seenSince = new Date(now().getTime() - SESSION_SEEN_EVERY_MS);
      if (!row.sessionSeenAt || row.sessionSeenAt < seenSince) await touchSession(db, sessionId, now(), seenSince);
      return toUserDto(row, cdnPrefix);
    },

    /**
     * Creates an account and profile, grants signup credits and emails the activation link; starts no session (the
     * member logs in with the password they chose). An address that already has an account gets the same answer
     * and its owner an email instead ('someone tried to sign up with your address: log in or choose a new password'),
     * so the answer never tells who is a member (issue 28). Returns the address the email went to.
     */
    async signup(input: TSignupRequest, ctx: TSignupContext): Promise<{ email: string }> {
      const { site } = ctx;
      if (site.signups === 'with_trafficsource' && !ctx.hasTrafficSource) throw new AppError('invite_only');
      if (site.signups !== 'all' && site.signups !== 'with_trafficsource') throw new AppError('signups_closed');
      const parsed = makeSignupSchema(site.minAge, now).safeParse(input);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError('invalid_request', { issues });
      }
      const v = parsed.data;
      // Every refusal comes before the address is looked up: a weak password is refused alike for every address.
      assertStrongPassword(v.password, [v.email, v.name, ...siteWords(site)]);
      // Hashed for every address, so an existing one answers as slowly as a new one.
      const passwordHash = await hashPassword(v.password);
      const tracking = Object.fromEntries(
        Object.entries(v.tracking ?? {})
          .filter(([k]) => (TRACKING_KEYS as readonly string[]).includes(k))
          .map(([k, val]) => [k, cleanTrackingValue(val)]),
      );
      // Orientation is special-category data (GDPR Art. 9): derived from "looking for" only with its own consent.
      const sexuality = v.orientation_consent ? sexualityFor(v.gender, v.looking_for) : null;
      const member = v.member_id ? await findPublicProfile(db, v.member_id) : undefined;
      const signupMessage = member && v.signup_message ? v.signup_message.slice(0, site.messageLength) : null;
      const niches = withOrientationNiches([1], v.gender, sexuality);
      /** Writes the account, its profile, credits, consents and activation email in the caller's transaction. */
      const createMember = async (tx: TTx, email: string) => {
        const { userId } = await insertMember(
          tx,
          {
            name: v.name,
            gender: v.gender,
            sexuality,
            birthDate: v.date_of_birth,
            country: ctx.country,
            locale: ctx.locale,
            niches,
            status: 'disabled',
          },
          {
            siteId: site.id,
            email,
            passwordHash,
            locale: ctx.locale,
            credits: site.signupCredits,
            tracking,
            signupMemberId: member?.id ?? null,
            signupMessage,
          },
        );
        if (site.signupCredits > 0) {
          await insertLedgerRow(tx, { userId, delta: site.signupCredits, reason: 'signup_bonus' });
        }
        // The record of what was accepted, written with the account: terms and privacy (the required checkbox),
        // and the separate Art. 9 consent only when its own checkbox was ticked.
        const consent = { userId, locale: ctx.locale, ip: ctx.ip ?? null };
        await recordConsent(tx, { ...consent, kind: 'terms' }, now());
        await recordConsent(tx, { ...consent, kind: 'privacy' }, now());
        if (v.orientation_consent) await recordConsent(tx, { ...consent, kind: 'orientation' }, now());
        // The activation email is part of the signup: queued with it, never lost to a failing mail server.
        const mail = await queueActivation(tx, site, ctx.origin, {
          id: userId,
          email,
          locale: ctx.locale,
          name: v.name,
        });
        return { userId, mail };
      };
      const existing = await findUserByEmail(db, site.id, v.email);
      if (existing) {
        // The same writes as for a new address, rolled back to a savepoint, in one transaction with the owner's email:
        // the answer takes about as long, and the ids a new account would have used (users, profiles: visible in the
        // site's addresses) are used up alike.
        const mail = await db.transaction(async (tx) => {
          await tx
            .transaction(async (dry) => {
              await createMember(dry, `signup-dry-run-${newToken()}@invalid`);
              throw new DryRunRollback();
            })
            .catch((err: unknown) => {
              if (!(err instanceof DryRunRollback)) throw err;
            });
          return queueSignupNotice(tx, site, ctx.origin, existing.id);
        });
        if (mail) await jobs.runNow([mail]);
        return { email: v.email };
      }
      let created: { userId: number; mail: number };
      try {
        created = await db.transaction((tx) => createMember(tx, v.email));
      } catch (err) {
        // Two concurrent submits of the same form: the unique index lets exactly one through, whose activation email
        // is on its way; the other gets the same answer.
        if (isUniqueViolation(err)) return { email: v.email };
        throw err;
      }
      await jobs.runNow([created.mail]);
      return { email: v.email };
    },

    /** Whether an activation link can still be used; reading it uses nothing up (the page of the link asks first). */
    async isActivationLinkLive(token: string): Promise<boolean> {
      return Boolean(token && (await findLiveToken(db, 'activation', hashToken(token), now())));
    },

    /** Confirms an email address with a single-use activation token (the POST of the link's page, never its GET). */
    async activate(token: string): Promise<number> {
      const row = token ? await consumeToken(db, 'activation', hashToken(token), now()) : undefined;
      if (!row) throw new AppError('link_invalid');
      const user = await findUserWithProfile(db, row.userId);
      if (!user || user.status === 'deleted' || user.status === 'purged') throw new AppError('activation_failed');
      const status = user.status === 'not_confirmed' ? 'active' : user.status;
      await db.transaction((tx) => confirmAccount(tx, { userId: user.id, profileId: user.profileId, status }));
      return user.id;
    },

    /**
     * A fresh activation link for an unconfirmed account, for the activation reminder email (issue 14), which sends
     * it itself; stored hashed like every other link.
     */
    async activationLink(userId: number, origin: string): Promise<string> {
      const token = newToken();
      await insertToken(db, {
        userId,
        kind: 'activation',
        tokenHash: hashToken(token),
        createdAt: now(),
        expiresAt: new Date(now().getTime() + ACTIVATION_HOURS * 3_600_000),
      });
      return pageUrl(origin, 'activate', {}, { token });
    },

    /** Sends a new activation link to a logged-in, unconfirmed account (at most 5 a day). */
    async resendActivation(userId: number, site: TSite, origin: string): Promise<void> {
      const user = await findUserWithProfile(db, userId);
      if (!user || user.emailConfirmed) return;
      const since = new Date(now().getTime() - 86_400_000);
      // Counted and queued under the account's row lock, so parallel requests never send a sixth email.
      const mail = await db.transaction(async (tx) => {
        const account = await lockAccountAddress(tx, userId);
        if (!account) throw new AppError('authentication_required');
        // Counts emails sent, not links stored: an activation email a mail outage never delivered does not count.
        if ((await mailer.countSentSince(userId, 'activation', since, tx)) >= ACTIVATION_EMAILS_PER_DAY) {
          throw new AppError('rate_limited');
        }
        return queueActivation(tx, site, origin, {
          id: user.id,
          email: account.email,
          locale: account.locale,
          name: account.name,
        });
      });
      await jobs.runNow([mail]);
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
      await setLastLogin(db, user.id, now());
      const session = await startSession(user.id, ctx);
      // Rotation against session fixation: whatever session the browser came with (a planted one, or another
      // account's) ends with this login, on the API and the login form alike.
      if (ctx.currentSession) await endSession(ctx.currentSession);
      return { userId: user.id, session };
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

/** The wire User of spec §3. */
export function toUserDto(row: TUserWithProfile, cdnPrefix: string): TUser {
  return {
    id: row.id,
    email: row.email,
    email_confirmed: row.emailConfirmed,
    status: row.status,
    credits: row.credits,
    paid_user: row.paidUser,
    signup_date: row.signupDate.toISOString(),
    locale: row.locale,
    invisible: row.invisible,
    fictional_icon: false,
    notifications_disabled: row.notificationsDisabled,
    email_disabled_reason: row.emailDisabledReason,
    profile: {
      id: row.profile.id,
      name: row.profile.name,
      country: row.profile.country,
      status: row.profile.status,
      main_image: mainImage(row.fileKey, cdnPrefix),
    },
  };
}

export type TAccountsService = ReturnType<typeof createAccountsService>;
