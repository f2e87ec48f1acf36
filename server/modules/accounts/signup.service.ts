import { pageUrl } from '#common/routes.ts';
import { makeSignupSchema, sexualityFor, signupIssues, type TSignupRequest } from '#common/accounts.ts';
import { withOrientationNiches } from '#common/consents.ts';
import { ACTIVATION_HOURS, TRACKING_KEYS } from '#common/constants.ts';
import type { TLocale } from '#common/locales.ts';
import { cleanTrackingValue } from '#common/visibility.ts';
import type { TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { assertStrongPassword, hashPassword, passwordWeakness, siteWords } from '#server/lib/passwords.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { recordConsent } from '../consents/consents.service.ts';
import { isEmailBanned } from './bans.repository.ts';
import { findPublicProfile } from '../profiles/profiles.repository.ts';
import type { TSite } from '../sites/sites.service.ts';
import { lockAccountAddress } from './account-changes.repository.ts';
import type { TAccountsDeps } from './accounts.service.ts';
import {
  confirmAccount,
  consumeToken,
  findLiveToken,
  findUserByEmail,
  findUserWithProfile,
  insertLedgerRow,
  insertMember,
  isUniqueViolation,
  isUsedTokenOfConfirmedAccount,
  markOnboarded,
} from './accounts.repository.ts';
import { createLinkMail, type TMailRecipient } from './link-mail.ts';
import { subHours } from 'date-fns';

/** Rolls back the dry run of a signup for an address that already has an account. */
class DryRunRollback extends Error {}

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

/** Signup and the email address's confirmation (activation links, their resending) (spec §3). */
export function createSignupService(deps: TAccountsDeps) {
  const { db, mailer, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  const links = createLinkMail({ mailer, now });

  /** Stores an activation token and queues its email in the caller's transaction; returns the mail job. */
  const queueActivation = (tx: TTx, m: TMailRecipient & { site: TSite; origin: string }): Promise<number> =>
    links.queueLinkMail(tx, { ...m, kind: 'activation', link: pageUrl(m.origin, 'activate'), hours: ACTIVATION_HOURS });

  /**
   * Queues, in the caller's transaction, the email to the owner of an address someone tried to sign up with: log in, or
   * choose a new password (the visitor got the same answer as for a new address). The per-address signup budget limits
   * how often this can be sent.
   */
  async function queueSignupNotice(
    tx: TTx,
    { site, origin, userId }: { site: TSite; origin: string; userId: number },
  ): Promise<number | undefined> {
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

  return {
    /**
     * Creates an account and profile, grants signup credits and emails the activation link; starts no session (the
     * member logs in with the password they chose). An address that already has an account gets the same answer
     * and its owner an email instead ('someone tried to sign up with your address: log in or choose a new password'),
     * so the answer never tells who is a member. Returns the address the email went to.
     */
    async signup(input: TSignupRequest, ctx: TSignupContext): Promise<{ email: string }> {
      const { site } = ctx;
      if (site.signups === 'with_trafficsource' && !ctx.hasTrafficSource) throw new AppError('invite_only');
      if (site.signups !== 'all' && site.signups !== 'with_trafficsource') throw new AppError('signups_closed');
      const schema = makeSignupSchema(site.minAge, now);
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        // Every problem at once: the form's, and a password too easy to guess when it is otherwise acceptable.
        const issues = signupIssues(schema, input);
        const form = input as Partial<Record<string, unknown>>;
        if (!issues.some((i) => i.path === 'password') && typeof form.password === 'string') {
          const words = [form.email, form.name].filter((w): w is string => typeof w === 'string');
          const weak = passwordWeakness(form.password, [...words, ...siteWords(site)]);
          if (weak) issues.push({ path: 'password', message: weak });
        }
        throw new AppError('invalid_request', { issues });
      }
      const v = parsed.data;
      // Every refusal comes before the address is looked up: a weak password is refused alike for every address.
      assertStrongPassword(v.password, [v.email, v.name, ...siteWords(site)]);
      // An address banned on this site may not sign up again (issue 30); said plainly, as the ban page promises.
      if (await isEmailBanned(db, site.id, v.email.trim().toLowerCase())) throw new AppError('email_banned');
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
            // Whom they look for is their own choice, kept with or without the Art. 9 consent (search, swipe, suggestions).
            seeking: v.looking_for,
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
        const mail = await queueActivation(tx, {
          site,
          origin: ctx.origin,
          userId,
          to: email,
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
          return queueSignupNotice(tx, { site, origin: ctx.origin, userId: existing.id });
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
      return Boolean(
        token && (await findLiveToken(db, { kind: 'activation', tokenHash: hashToken(token), now: now() })),
      );
    },

    /**
     * Whether an activation link was already used for an account that is now active: a second click on it says the
     * account is active instead of 'Activation failed'.
     */
    async isActivationLinkUsedByActiveAccount(token: string): Promise<boolean> {
      return Boolean(
        token && (await isUsedTokenOfConfirmedAccount(db, { kind: 'activation', tokenHash: hashToken(token) })),
      );
    },

    /** Whether a member with a confirmed address has yet to see the welcome steps (their first login leads there). */
    async needsOnboarding(userId: number): Promise<boolean> {
      const user = await findUserWithProfile(db, userId);
      return Boolean(user && user.emailConfirmed && user.onboardedAt === null);
    },

    /** The member finished or skipped the welcome steps (photo, about me, interests): they are not asked again. */
    async finishOnboarding(userId: number): Promise<void> {
      await markOnboarded(db, userId, now());
    },

    /** Confirms an email address with a single-use activation token (the POST of the link's page, never its GET). */
    async activate(token: string): Promise<number> {
      const row = token
        ? await consumeToken(db, { kind: 'activation', tokenHash: hashToken(token), now: now() })
        : undefined;
      if (!row) {
        if (token && (await isUsedTokenOfConfirmedAccount(db, { kind: 'activation', tokenHash: hashToken(token) }))) {
          throw new AppError('already_active');
        }
        throw new AppError('link_invalid');
      }
      const user = await findUserWithProfile(db, row.userId);
      if (!user || user.status === 'deleted' || user.status === 'purged') throw new AppError('activation_failed');
      if (user.bannedAt) throw new AppError('account_banned');
      if (user.suspendedUntil && user.suspendedUntil > now()) throw new AppError('account_suspended');
      const status = user.status === 'not_confirmed' ? 'active' : user.status;
      await db.transaction((tx) => confirmAccount(tx, { userId: user.id, profileId: user.profileId, status }));
      return user.id;
    },

    /**
     * A fresh activation link for an unconfirmed account, for the activation reminder email, which sends it itself;
     * stored hashed like every other link.
     */
    async activationLink(userId: number, origin: string): Promise<string> {
      const token = await links.issueToken(db, { userId, kind: 'activation', hours: ACTIVATION_HOURS });
      return pageUrl(origin, 'activate', {}, { token });
    },

    /** Sends a new activation link to a logged-in, unconfirmed account (at most 5 a day). */
    async resendActivation(userId: number, site: TSite, origin: string): Promise<void> {
      const user = await findUserWithProfile(db, userId);
      if (!user || user.emailConfirmed) return;
      const since = subHours(now(), 24);
      // Counted and queued under the account's row lock, so parallel requests never send a sixth email.
      const mail = await db.transaction(async (tx) => {
        const account = await lockAccountAddress(tx, userId);
        if (!account) throw new AppError('authentication_required');
        // Counts emails sent, not links stored: an activation email a mail outage never delivered does not count.
        if ((await mailer.countSentSince(userId, { kind: 'activation', since, tx })) >= ACTIVATION_EMAILS_PER_DAY) {
          throw new AppError('rate_limited');
        }
        return queueActivation(tx, {
          site,
          origin,
          userId: user.id,
          to: account.email,
          locale: account.locale,
          name: account.name,
        });
      });
      await jobs.runNow([mail]);
    },
  };
}
