import {
  notificationsApi,
  type TNotificationSettings,
  type TPushAnswer,
  type TPushSubscription,
  type TReenableEmailResponse,
  type TSetNotification,
} from '#common/wire/notifications.ts';
import { sitesApi } from '#common/wire/settings-api.ts';
import { api } from '#web/lib/api.ts';

export type { TReenableEmailResponse } from '#common/wire/notifications.ts';

/** The member's switches per kind and channel, and why email is off, if it is. */
export function fetchNotificationSettings(): Promise<TNotificationSettings> {
  return api.call(notificationsApi.settings, undefined, { progress: false });
}

/** Turns one kind on or off on one channel; resolves with all switches as stored. */
export function setNotification(body: TSetNotification): Promise<TNotificationSettings> {
  return api.call(notificationsApi.set, body, { progress: false });
}

/** Turns email notifications back on (after a bounce: sends a confirmation link to the address instead). */
export function reenableEmail(): Promise<TReenableEmailResponse> {
  return api.call(notificationsApi.reenableEmail);
}

/** Stores this browser's push subscription for the member (spec §7 `POST /api/user.php?push=1`). */
export function savePushSubscription(subscription: TPushSubscription): Promise<TPushAnswer> {
  return api.call(notificationsApi.subscribePush, subscription, { progress: false });
}

/** Forgets this browser's push subscription on the server. */
export function deletePushSubscription(endpoint: string): Promise<TPushAnswer> {
  return api.call(notificationsApi.unsubscribePush, { endpoint }, { progress: false });
}

/** The site's VAPID public key (spec §3 settings `push_public_key`), the push service's application server key. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await api.call(sitesApi.settings, {}, { progress: false })).push_public_key;
}
