import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type TNotificationKind, UNSUBSCRIBE_LINK_DAYS } from '#common/notifications.ts';
import type { TDb } from '#server/db/connect.ts';
import { findAppSecret, insertAppSecretIfAbsent } from '#server/modules/sites/settings.repository.ts';
import { DAY_S } from '#common/time.ts';

/** What an unsubscribe link turns off: one kind's email, or every notification email of the account. */
export type TUnsubscribeScope = TNotificationKind | 'all';

/** What a valid unsubscribe token says. */
export interface TUnsubscribeClaim {
  userId: number;
  scope: TUnsubscribeScope;
  expiresAt: Date;
}

/** The app secret (table app_secrets) holding the signing key of unsubscribe links. */
const SECRET_NAME = 'unsubscribe';
/** Domain separation: this key signs nothing else. */
const CONTEXT = 'amora-unsubscribe-v1:';
const PAYLOAD = /^(\d{1,10})\.([a-z_]{2,40})\.(\d{1,12})$/;

/** Loads the signing key of unsubscribe links, creating it on first use (several processes agree: the first wins). */
export async function loadUnsubscribeKey(db: TDb): Promise<Buffer> {
  const read = async () => (await findAppSecret(db, SECRET_NAME)) as { key?: string } | undefined;
  let stored = await read();
  if (!stored?.key) {
    await insertAppSecretIfAbsent(db, SECRET_NAME, { key: randomBytes(32).toString('hex') });
    stored = await read();
  }
  if (!stored?.key) throw new Error('unsubscribe key missing');
  return Buffer.from(stored.key, 'hex');
}

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key)
    .update(CONTEXT + payload)
    .digest();

/**
 * A signed, expiring unsubscribe token (base64url, no padding): `<payload>.<HMAC-SHA256>` where the payload is
 * `<userId>.<kind|all>.<expiry in Unix seconds>`. Valid UNSUBSCRIBE_LINK_DAYS; not single-use (an undo needs it again).
 */
export function signUnsubscribeToken(key: Buffer, claim: { userId: number; scope: TUnsubscribeScope }, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * DAY_S;
  const payload = `${claim.userId}.${claim.scope}.${expires}`;
  return `${Buffer.from(payload).toString('base64url')}.${sign(key, payload).toString('base64url')}`;
}

/** The claim of a token with a valid signature that has not expired; null for anything else. */
export function verifyUnsubscribeToken(key: Buffer, token: string, now: Date): TUnsubscribeClaim | null {
  if (token.length > 200) return null;
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const match = PAYLOAD.exec(payload);
  if (!match) return null;
  const expected = sign(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const scope = match[2] as TUnsubscribeScope;
  if (scope !== 'all' && !NOTIFICATION_KINDS.includes(scope)) return null;
  const expiresAt = new Date(Number(match[3]) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return { userId: Number(match[1]), scope, expiresAt };
}
