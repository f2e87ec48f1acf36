import { createHash, createPublicKey } from 'node:crypto';
import { Agent } from 'node:https';
import webpush from 'web-push';
import type { TPushPayload } from '#common/notifications.ts';
import type { TNotificationDelivery } from '../notifier/content.ts';
import { renderPushPayload } from './push-content.ts';
import {
  guardedLookup,
  PUSH_ADDRESS_REFUSED,
  pushEndpointProblem,
  type TPushAddressPolicy,
  type TPushResolver,
} from './push-address.ts';
import type { TPushSubscription } from '#common/wire/notifications.ts';
import type { TDb } from '#server/db/connect.ts';
import { PermanentJobError } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TLogger } from '#server/lib/logger.ts';
import {
  countSubscriptionsOf,
  deleteSubscriptionById,
  deleteSubscriptionOf,
  findSubscriptionById,
  listSubscriptionsOf,
  markSubscriptionSuccess,
  trimSubscriptionsOf,
  upsertSubscription,
  type TPushSubscriptionRow,
} from './push.repository.ts';

/** Subscriptions kept per member; subscribing past it drops the least recently active (abandoned browsers). */
const MAX_DEVICES = 20;

/** How long one request to a push service may stay silent before it counts as a network failure. */
const SEND_TIMEOUT_MS = 10_000;

/** What one delivery did: the push service took it, or the subscription is gone (deleted here). */
export type TPushOutcome = 'sent' | 'gone';

/** How a push is delivered (RFC 8030): TTL in seconds, urgency, and what replaces an undelivered older push. */
export interface TPushDeliveryOptions {
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Pushes of the same topic replace each other while undelivered; any string (hashed into a valid Topic). */
  topic?: string;
}

/** A temporary failure of the push service (429, 5xx, network): the job is retried, after `retryAfterMs` if told. */
export class PushRetryError extends Error {
  override name = 'PushRetryError';
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The VAPID `sub` claim (RFC 8292 §2.1): how the push service can reach the operator. The deployment's https
 * `PUBLIC_URL` when there is one, else a `mailto:` at its host (or at localhost in development).
 */
export function pushSubject(publicUrl: string | undefined): string {
  if (publicUrl?.startsWith('https://')) return new URL(publicUrl).origin;
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `mailto:support@${host}`;
}

/** An RFC 8030 Topic (at most 32 characters of the URL-safe base64 alphabet) derived from any string, e.g. a tag. */
export function pushTopic(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}

/** Whether `p256dh` is a P-256 public key (uncompressed point, base64url) and `auth` a 16-byte secret. */
export function hasValidPushKeys(keys: { p256dh: string; auth: string }): boolean {
  const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!base64url.test(keys.p256dh) || !base64url.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    // Refuses a point that is not on the curve, which no encryption could use.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds of a `Retry-After` header (seconds or an HTTP date), or undefined. */
function retryAfterMs(value: unknown, now: Date): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The status code of a push service's refusal (web-push's WebPushError), or undefined for a network error. */
function statusOf(err: unknown): number | undefined {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** Web Push: members' browser subscriptions and the delivery of one push to one of them through `web-push`. */
export function createPushService(deps: {
  db: TDb;
  vapid: { publicKey: string; privateKey: string };
  /** VAPID `sub` (see `pushSubject`). */
  subject: string;
  now: () => Date;
  log: TLogger;
  /** Which addresses an endpoint may name (public ones; loopback too only outside production, for tests). */
  addressPolicy: TPushAddressPolicy;
  /** The resolver of endpoint host names (tests stub it); default the system's. */
  resolve?: TPushResolver;
  /** Certificates to trust instead of the system's (tests: their local push service's). */
  ca?: string;
}) {
  const { db, now, log, addressPolicy } = deps;
  // Every socket to a push service resolves its host through the guard and connects to the address it checked.
  const agent = new Agent({
    keepAlive: true,
    lookup: guardedLookup(addressPolicy, deps.resolve),
    ...(deps.ca ? { ca: deps.ca } : {}),
  });
  const vapidDetails = { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey };

  /**
   * Sends one push to one subscription. 'sent' when the push service accepted it; 'gone' when the subscription no
   * longer exists (deleted here after 404/410, or earlier). Throws `PushRetryError` for 429, 5xx and network errors
   * (the job is retried with backoff) and `PermanentJobError` for any other refusal (400, 403, 413…).
   */
  async function deliver(
    subscriptionId: number,
    payload: TPushPayload,
    options: TPushDeliveryOptions,
  ): Promise<TPushOutcome> {
    const sub = await findSubscriptionById(db, subscriptionId);
    if (!sub) return 'gone';
    const entry = { subscriptionId, kind: payload.kind, pushHost: new URL(sub.endpoint).host };
    // Stored before the address rule existed, or an IP literal (which no lookup sees): never connected to.
    const problem = pushEndpointProblem(sub.endpoint, addressPolicy);
    if (problem) {
      log.warn({ ...entry, problem }, 'push subscription with a refused endpoint deleted');
      await deleteSubscriptionById(db, sub.id);
      return 'gone';
    }
    if (!hasValidPushKeys(sub)) {
      log.warn(entry, 'push subscription with unusable keys deleted');
      await deleteSubscriptionById(db, sub.id);
      return 'gone';
    }
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails,
          TTL: options.ttl,
          urgency: options.urgency,
          topic: pushTopic(options.topic ?? payload.tag),
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          agent,
        },
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === PUSH_ADDRESS_REFUSED) {
        log.warn(entry, 'push endpoint resolves to a non-public address: not sent');
        throw new PermanentJobError((err as Error).message);
      }
      const status = statusOf(err);
      if (status === 404 || status === 410) {
        log.info({ ...entry, status }, 'push subscription gone');
        await deleteSubscriptionById(db, sub.id);
        return 'gone';
      }
      if (status === undefined || status === 429 || status >= 500) {
        const headers = (err as { headers?: Record<string, unknown> }).headers ?? {};
        const wait = retryAfterMs(headers['retry-after'], now());
        const reason = status === undefined ? (err as Error).message : `push service answered ${status}`;
        throw new PushRetryError(reason, wait);
      }
      throw new PermanentJobError(`push service refused the push: ${status}`);
    }
    await markSubscriptionSuccess(db, sub.id, now());
    return 'sent';
  }

  return {
    /** The VAPID public key browsers subscribe with (`applicationServerKey`). */
    publicKey: deps.vapid.publicKey,

    /** Stores a browser's subscription for a member (moving it from another member who used that browser before). */
    async subscribe(userId: number, sub: TPushSubscription, userAgent: string | null): Promise<void> {
      const problem = pushEndpointProblem(sub.endpoint, addressPolicy);
      if (problem) throw new AppError('invalid_request', { issues: [{ path: 'endpoint', message: problem }] });
      if (!hasValidPushKeys(sub.keys)) {
        throw new AppError('invalid_request', { issues: [{ path: 'keys.p256dh', message: 'Invalid push keys' }] });
      }
      await db.transaction(async (tx) => {
        await upsertSubscription(tx, {
          userId,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          userAgent: userAgent?.slice(0, 512) ?? null,
          now: now(),
        });
        await trimSubscriptionsOf(tx, userId, MAX_DEVICES);
      });
    },

    /** Forgets a member's subscription by endpoint (another member's stays); whether there was one. */
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      return deleteSubscriptionOf(db, userId, endpoint);
    },

    /** How many browsers (devices) of the member are subscribed. */
    devices(userId: number): Promise<number> {
      return countSubscriptionsOf(db, userId);
    },

    /** The member's subscriptions (the fan-out delivers to each). */
    subscriptionsOf(userId: number): Promise<TPushSubscriptionRow[]> {
      return listSubscriptionsOf(db, userId);
    },

    /** The ids of the member's subscriptions. */
    async subscriptionIds(userId: number): Promise<number[]> {
      return (await listSubscriptionsOf(db, userId)).map((s) => s.id);
    },

    deliver,

    /** Renders a notification in the member's language (`renderPushPayload`) and delivers it like `deliver`. */
    deliverNotification(
      subscriptionId: number,
      delivery: TNotificationDelivery,
      options: TPushDeliveryOptions,
    ): Promise<TPushOutcome> {
      return deliver(subscriptionId, renderPushPayload(delivery), options);
    },
  };
}

export type TPushService = ReturnType<typeof createPushService>;
