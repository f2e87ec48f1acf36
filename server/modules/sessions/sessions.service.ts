import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { TSession } from '#common/wire/sessions.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashToken } from '#server/lib/tokens.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishSessionsEnded } from '#server/realtime/session-events.ts';
import { deleteSessionOf, deleteSessionsOf, findLiveSessions, type TSessionRow } from './sessions.repository.ts';

/**
 * The id a session is known by outside the server: a one-way digest of the stored hash (itself the SHA-256 of the
 * cookie token), so it can neither be turned back into the hash nor be used as a session.
 */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(`public-session-id:${sessionId}`).digest('base64url').slice(0, 22);
}

/** Browser, operating system and kind of device named by a user agent (nulls when it names none). */
export function describeUserAgent(userAgent: string | null): Pick<TSession, 'browser' | 'os' | 'device'> {
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const browser = parsed?.browser.name
    ? [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ')
    : null;
  const os = parsed?.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
    : null;
  return { browser, os, device: parsed?.platform.type ?? null };
}

/** A country code's name in a language, or null when unknown. */
function countryName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? null;
  } catch {
    return null;
  }
}

/** What the list of sessions needs: the database and the hub that closes the sockets of ended sessions. */
export interface TSessionsDeps {
  realtime: TRealtimeHub;
}

/** A member's active sessions in settings: list them, end one, end all others. */
export function createSessionsService(core: TCore, deps: TSessionsDeps) {
  const { db, now, log } = core;
  const { realtime } = deps;

  /** The session row behind a public id, among the member's live sessions. */
  async function findByPublicId(userId: number, publicId: string): Promise<TSessionRow | undefined> {
    return (await findLiveSessions(db, userId, now())).find((s) => publicSessionId(s.id) === publicId);
  }

  return {
    /** The member's live sessions, most recently used first, the one of `currentToken` marked. */
    async list(userId: number, currentToken: string | undefined, locale: string): Promise<TSession[]> {
      const current = currentToken ? hashToken(currentToken) : null;
      const rows = await findLiveSessions(db, userId, now());
      return rows.map((row) => ({
        id: publicSessionId(row.id),
        ...describeUserAgent(row.userAgent),
        country: row.country,
        country_name: countryName(row.country, locale),
        last_active: (row.lastSeenAt ?? row.createdAt).toISOString(),
        current: row.id === current,
      }));
    },

    /**
     * Ends one of the member's sessions and closes its sockets on every process; returns whether it was the current
     * one (the caller then clears the cookie). An unknown id, or another member's, is `not_found`.
     */
    async end(userId: number, publicId: string, currentToken: string | undefined): Promise<{ wasCurrent: boolean }> {
      const row = await findByPublicId(userId, publicId);
      if (!row || !(await deleteSessionOf(db, userId, row.id))) throw new AppError('not_found');
      await publishSessionsEnded(realtime, log, { userId, only: row.id });
      return { wasCurrent: Boolean(currentToken) && hashToken(currentToken ?? '') === row.id };
    },

    /** Ends every session of the member but the current one, and closes their sockets on every process. */
    async endOthers(userId: number, currentToken: string | undefined): Promise<void> {
      if (!currentToken) throw new AppError('authentication_required');
      const keep = hashToken(currentToken);
      await deleteSessionsOf(db, userId, keep);
      await publishSessionsEnded(realtime, log, { userId, except: keep });
    },
  };
}

export type TSessionsService = ReturnType<typeof createSessionsService>;
