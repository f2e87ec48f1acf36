import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, LOCKOUT_MS } from '#common/constants.ts';
import { MINUTE_MS } from '#common/time.ts';
import {
  STAFF_IDLE_MS,
  STAFF_RECOVERY_CODES,
  STAFF_TICKET_MS,
  type TStaffActor,
  type TStaffRole,
} from '#common/staff.ts';
import type { TCore } from '#server/core.ts';
import { ipPrefix } from '#server/lib/ip-prefix.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { markLoginSucceeded, reserveLoginAttempt } from '#server/modules/login-attempts/login-attempts.repository.ts';
import { randomInt } from 'node:crypto';
import { recordAudit } from './audit.repository.ts';
import {
  claimTotpStep,
  consumeRecoveryCode,
  deleteIdleStaffSessions,
  deleteStaffSession,
  findStaffByEmail,
  findStaffByEnrolToken,
  findStaffByTicket,
  findStaffSession,
  findStaffSiteIds,
  insertStaffSession,
  replaceRecoveryCodes,
  touchStaffSession,
  type TStaffRow,
  updateStaff,
} from './staff.repository.ts';
import { newTotpSecret, totpEnrolment, totpStep } from './totp.ts';

/**
 * Staff logins and member logins share the lockout table and rules (5 failures per account, 30 per address in 15
 * minutes); staff count under this site id, which no site has, so a staff email never shares a member's counter.
 */
const STAFF_LOCKOUT_SITE = 0;

/** The answer of the password step: the code to type next, or the authenticator to set up first. */
export type TStaffLoginStep =
  | { step: 'code'; ticket: string }
  | { step: 'enrol'; ticket: string; secret: string; otpauthUrl: string; qrSvg: string };

/** The staff member of a console request: actor plus what the console shows of them. */
export type TStaffMe = TStaffActor & { name: string; email: string; locale: string };

/** A new console session (cookie token) and, right after an enrolment, the recovery codes to write down. */
export type TStaffSessionStart = { token: string; staff: TStaffMe; recoveryCodes: string[] | null };

/** Recovery codes: 10 groups of 4+4 characters from an alphabet without look-alikes. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const pick = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${pick()}-${pick()}`;
}

const normalizeCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** Console login: password, then TOTP (set up on the first login), recovery codes, sessions with a 12 h idle limit. */
export function createStaffAuthService(core: TCore) {
  const { db, now } = core;
  const dummyHash = hashPassword(newToken());

  const minutesLeft = (last: Date) =>
    Math.max(1, Math.ceil((last.getTime() + LOCKOUT_MS - now().getTime()) / MINUTE_MS));

  /** Counts an attempt for the lockout before anything is verified (atomic per account and address). */
  async function reserve(email: string, ip: string) {
    const attempt = await reserveLoginAttempt(db, {
      siteId: STAFF_LOCKOUT_SITE,
      email,
      ip,
      now: now(),
      windowStart: new Date(now().getTime() - LOCKOUT_MS),
      accountLimit: ACCOUNT_FAILURE_LIMIT,
      ipLimit: IP_FAILURE_LIMIT,
    });
    if ('blockedSince' in attempt) throw new AppError('login_blocked', { minutes: minutesLeft(attempt.blockedSince) });
    return attempt.attemptId;
  }

  /** A ticket for the code step; when the authenticator is not set up yet, a new secret and its QR code too. */
  async function nextStep(row: TStaffRow): Promise<TStaffLoginStep> {
    const ticket = newToken();
    const ticketExpiresAt = new Date(now().getTime() + STAFF_TICKET_MS);
    if (row.totpSecret) {
      await updateStaff(db, row.id, { ticketHash: hashToken(ticket), ticketExpiresAt, pendingTotpSecret: null });
      return { step: 'code', ticket };
    }
    const secret = newTotpSecret();
    await updateStaff(db, row.id, { ticketHash: hashToken(ticket), ticketExpiresAt, pendingTotpSecret: secret });
    return { step: 'enrol', ticket, secret, ...(await totpEnrolment(secret, row.email)) };
  }

  async function me(row: TStaffRow): Promise<TStaffMe> {
    const siteIds = row.role === 'owner' ? [] : await findStaffSiteIds(db, row.id);
    return {
      id: row.id,
      role: row.role,
      siteIds: siteIds.length ? siteIds : null,
      name: row.name,
      email: row.email,
      locale: row.locale,
    };
  }

  /** Whether a code is the current TOTP code (each time step accepted once) or an unused recovery code. */
  async function codeMatches(row: TStaffRow, secret: string, code: string): Promise<'totp' | 'recovery' | null> {
    const step = await totpStep(secret, normalizeCode(code), now());
    if (step !== null) return (await claimTotpStep(db, row.id, step)) ? 'totp' : null;
    if (!row.totpSecret) return null;
    const codeHash = hashToken(normalizeCode(code));
    return (await consumeRecoveryCode(db, { staffId: row.id, codeHash, now: now() })) ? 'recovery' : null;
  }

  return {
    /** The password step: identical answers for an unknown email, a wrong password and a disabled account. */
    async login(input: { email: string; password: string }, ctx: { ip: string }): Promise<TStaffLoginStep> {
      const email = input.email.trim().toLowerCase();
      const attemptId = await reserve(email, ctx.ip);
      const row = await findStaffByEmail(db, email);
      const usable = row?.passwordHash && row.status !== 'disabled' ? row : undefined;
      const valid = await verifyPassword(usable?.passwordHash ?? (await dummyHash), input.password);
      if (!usable || !valid) throw new AppError('login_failed');
      await markLoginSucceeded(db, attemptId);
      return nextStep(usable);
    },

    /** What an enrolment link shows before anything changes: who it is for (null when unknown or expired). */
    async enrolment(token: string): Promise<{ email: string; name: string; role: TStaffRole } | null> {
      const row = await findStaffByEnrolToken(db, hashToken(token), now());
      return row && row.status === 'invited' ? { email: row.email, name: row.name, role: row.role } : null;
    },

    /** Sets the password of an invited staff member (the link is used up), then the authenticator step follows. */
    async enrol(input: { token: string; password: string }): Promise<TStaffLoginStep> {
      const row = await findStaffByEnrolToken(db, hashToken(input.token), now());
      if (!row || row.status !== 'invited') throw new AppError('link_invalid');
      const passwordHash = await hashPassword(input.password);
      await updateStaff(db, row.id, { passwordHash, enrolTokenHash: null, enrolExpiresAt: null, totpSecret: null });
      return nextStep({ ...row, passwordHash, totpSecret: null });
    },

    /**
     * The code step: the TOTP code (or, once enrolled, a recovery code) for a ticket of the password step. Completing
     * an enrolment activates the account and answers its recovery codes, shown once.
     */
    async verify(
      input: { ticket: string; code: string },
      ctx: { ip: string; userAgent: string | null },
    ): Promise<TStaffSessionStart> {
      const row = await findStaffByTicket(db, hashToken(input.ticket), now());
      if (!row || row.status === 'disabled') throw new AppError('code_expired');
      const attemptId = await reserve(row.email, ctx.ip);
      const secret = row.pendingTotpSecret ?? row.totpSecret;
      if (!secret || !(await codeMatches(row, secret, input.code))) throw new AppError('code_invalid');
      await markLoginSucceeded(db, attemptId);
      let recoveryCodes: string[] | null = null;
      const ticketUsed = { ticketHash: null, ticketExpiresAt: null, pendingTotpSecret: null, lastLoginAt: now() };
      if (row.pendingTotpSecret) {
        recoveryCodes = Array.from({ length: STAFF_RECOVERY_CODES }, newRecoveryCode);
        const codes = recoveryCodes.map((c) => hashToken(normalizeCode(c)));
        await db.transaction(async (tx) => {
          await updateStaff(tx, row.id, { ...ticketUsed, totpSecret: row.pendingTotpSecret, status: 'active' });
          await replaceRecoveryCodes(tx, row.id, codes);
          await recordAudit(tx, { staffId: row.id, action: 'staff.enrol', subject: `staff:${row.id}` });
        });
      } else {
        await updateStaff(db, row.id, ticketUsed);
      }
      const token = newToken();
      await deleteIdleStaffSessions(db, new Date(now().getTime() - STAFF_IDLE_MS));
      await insertStaffSession(db, {
        id: hashToken(token),
        staffId: row.id,
        createdAt: now(),
        lastSeenAt: now(),
        userAgent: ctx.userAgent?.slice(0, 300) ?? null,
        ipPrefix: ipPrefix(ctx.ip),
      });
      return { token, staff: await me({ ...row, status: 'active' }), recoveryCodes };
    },

    /** The active staff member of a console session cookie, or null (unknown, idle for 12 h, or disabled). */
    async staffForSession(token: string | undefined): Promise<TStaffMe | null> {
      if (!token) return null;
      const sessionId = hashToken(token);
      const found = await findStaffSession(db, { sessionId, idleSince: new Date(now().getTime() - STAFF_IDLE_MS) });
      if (!found) return null;
      await touchStaffSession(db, sessionId, now());
      return me(found.staff);
    },

    /** Ends a console session. */
    logout: (token: string | undefined) => (token ? deleteStaffSession(db, hashToken(token)) : Promise.resolve()),
  };
}

export type TStaffAuthService = ReturnType<typeof createStaffAuthService>;
