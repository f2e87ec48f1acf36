import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { EMAIL_DISABLED_REASONS, NOTIFICATION_KINDS } from '../notifications.ts';

/** A kind's switches on the wire. */
export const ZSwitches = z.object({ email: z.boolean(), push: z.boolean() });

/** `GET /api/notifications.php`: the member's switches per kind and why email is off, if it is. */
export const ZNotificationSettings = z.object({
  kinds: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.boolean(), push: z.boolean() })),
  /** Reasons email is off for the whole account (spec §4); empty when email works. */
  notifications_disabled: z.array(z.enum(EMAIL_DISABLED_REASONS)),
  /** Push subscriptions (devices) the member has. */
  push_devices: z.number().int(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** `PUT /api/notifications.php`: turns one kind on or off on one channel (saved at once). */
export const ZSetNotification = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(['email', 'push']),
  enabled: z.boolean(),
});
export type TSetNotification = z.infer<typeof ZSetNotification>;

/**
 * `POST /api/notifications.php?reenable=1`: turns email back on after listunsubscribe or fbl; after `bounce` it sends
 * a confirmation link to the address instead (`confirmation_sent`).
 */
export const ZReenableEmailResponse = z.object({
  status: z.enum(['enabled', 'confirmation_sent']),
  notifications_disabled: z.array(z.enum(EMAIL_DISABLED_REASONS)),
});

/** `POST /api/user.php?push=1` (spec §7): the browser's PushSubscription as `toJSON()` gives it. */
export const ZPushSubscription = z.object({
  endpoint: z
    .string()
    .max(2048)
    .url()
    .refine((u) => u.startsWith('https://'), 'https only'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(16).max(256),
    auth: z.string().min(8).max(64),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** `DELETE /api/user.php?push=1`: the endpoint to forget. */
export const ZPushUnsubscribe = z.object({ endpoint: z.string().max(2048) });

export const ZPushAnswer = z.object({ ok: z.literal(true) });

/** Browsers only ever send https endpoints and base64url keys of a P-256 point and a 16-byte secret. */
export const ZPushSubscribeBody = ZPushSubscription.extend({
  keys: z.object({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'Invalid key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Invalid key'),
  }),
});
export const ZPushUnsubscribeBody = ZPushUnsubscribe.extend({ endpoint: ZPushSubscription.shape.endpoint });
export type TPushAnswer = z.infer<typeof ZPushAnswer>;
export type TReenableEmailResponse = z.infer<typeof ZReenableEmailResponse>;

/** The notification switches, turning email back on, and push subscriptions. */
export const notificationsApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/notifications.php',
    tags: ['notifications'],
    summary: "The member's notification switches per kind and channel, why email is off, push devices",
    response: ZNotificationSettings,
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications.php',
    tags: ['notifications'],
    summary: 'Turn one kind on or off on one channel (saved at once)',
    body: ZSetNotification,
    response: ZNotificationSettings,
  }),
  reenableEmail: defineEndpoint({
    method: 'POST',
    path: '/api/notifications.php',
    fixedQuery: { reenable: '1' },
    tags: ['notifications'],
    summary:
      'Turn notification email back on: after listunsubscribe or fbl at once; after bounce a confirmation link is emailed',
    response: ZReenableEmailResponse,
  }),
  /**
   * `POST /api/user.php?push=1`: hidden from /api/docs, as OpenAPI has one operation per method and path and these
   * share theirs with login and deletion.
   */
  subscribePush: defineEndpoint({
    method: 'POST',
    path: '/api/user.php',
    fixedQuery: { push: '1' },
    hide: true,
    tags: ['notifications'],
    summary: 'Store this browser’s push subscription (?push=1)',
    body: ZPushSubscribeBody,
    response: ZPushAnswer,
  }),
  unsubscribePush: defineEndpoint({
    method: 'DELETE',
    path: '/api/user.php',
    fixedQuery: { push: '1' },
    hide: true,
    tags: ['notifications'],
    summary: 'Forget one of my push subscriptions (?push=1)',
    body: ZPushUnsubscribeBody,
    response: ZPushAnswer,
  }),
};
