import type { z } from 'zod';
import type {
  TNotificationSettings,
  TPushSubscription,
  TSetNotification,
  ZPushAnswer,
  ZReenableEmailResponse,
} from '../../../common/wire/notifications.ts';
import type { TSettings } from '../../../common/wire/settings.ts';
import { api } from '../../lib/api.ts';

type TPushAnswer = z.infer<typeof ZPushAnswer>;
export type TReenableEmailResponse = z.infer<typeof ZReenableEmailResponse>;

/** The member's switches per kind and channel, and why email is off, if it is. */
export function fetchNotificationSettings(): Promise<TNotificationSettings> {
  return api.get<TNotificationSettings>('/api/notifications.php', { progress: false });
}

/** Turns one kind on or off on one channel; resolves with all switches as stored. */
export function setNotification(body: TSetNotification): Promise<TNotificationSettings> {
  return api.put<TNotificationSettings>('/api/notifications.php', body, { progress: false });
}

/** Turns email notifications back on (after a bounce: sends a confirmation link to the address instead). */
export function reenableEmail(): Promise<TReenableEmailResponse> {
  return api.post<TReenableEmailResponse>('/api/notifications.php', {}, { query: { reenable: 1 } });
}

/** Stores this browser's push subscription for the member (spec §7 `POST /api/user.php?push=1`). */
export function savePushSubscription(subscription: TPushSubscription): Promise<TPushAnswer> {
  return api.post<TPushAnswer>('/api/user.php', subscription, { query: { push: 1 }, progress: false });
}

/** Forgets this browser's push subscription on the server. */
export function deletePushSubscription(endpoint: string): Promise<TPushAnswer> {
  return api.delete<TPushAnswer>('/api/user.php', { body: { endpoint }, query: { push: 1 }, progress: false });
}

/** The site's VAPID public key (spec §3 settings `push_public_key`), the push service's application server key. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await api.get<TSettings>('/api/settings.php', { progress: false })).push_public_key;
}
