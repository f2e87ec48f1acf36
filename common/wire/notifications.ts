import { z } from 'zod';
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
