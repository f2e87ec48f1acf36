import { useEffect, useSyncExternalStore } from 'react';
import type { TPushSubscription } from '#common/wire/notifications.ts';
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from './notifications.api.ts';

/**
 * Web push in this browser (spec §4 push states): not capable, blocked by the member, subscribed, or capable and not
 * subscribed. `null` until the browser was asked (server render and hydration).
 */
export type TPushState = 'unsupported' | 'denied' | 'subscribed' | 'available';

/** The push service worker (spec §7), served from the site root with scope `/`. */
export const PUSH_WORKER_URL = '/sw-push.js';

let state: TPushState | null = null;
/** Bumped by every change made here (enable, disable), so an older check finishing later cannot undo it. */
let changes = 0;
let checking: Promise<TPushState> | null = null;
let publicKey: Promise<string> | null = null;
const listeners = new Set<() => void>();

function setState(next: TPushState): TPushState {
  if (next !== state) {
    state = next;
    for (const listener of listeners) listener();
  }
  return next;
}

/** True when this browser can show web push at all (secure context, service worker, Push API, Notification API). */
export function isPushCapable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The registration of the push worker, if this origin has one. */
async function pushRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  // getRegistration takes a client URL (it finds the registration whose scope covers it), not a script URL.
  const registration = await navigator.serviceWorker.getRegistration('/');
  const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
  return worker && new URL(worker.scriptURL).pathname === PUSH_WORKER_URL ? registration : undefined;
}

/** This browser's push subscription of the push worker, if there is one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await pushRegistration())?.pushManager.getSubscription()) ?? null;
}

/** Asks the browser for its push state. */
async function detectPushState(): Promise<TPushState> {
  if (!isPushCapable()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  try {
    const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
    return subscription ? 'subscribed' : 'available';
  } catch {
    return 'available';
  }
}

/** Asks the browser for the push state and publishes it to every `usePushState`/`onPushStateChange` listener. */
export function refreshPushState(): Promise<TPushState> {
  const startedAt = changes;
  checking ??= detectPushState()
    .then((next) => (startedAt === changes ? setState(next) : (state ?? next)))
    .finally(() => {
      checking = null;
    });
  return checking;
}

/** The push state as last published (null before the first check). */
export function pushState(): TPushState | null {
  return state;
}

/** True when this browser has a push subscription of the push worker (spec §9: then polling slows to 300 s). */
export async function isPushSubscribed(): Promise<boolean> {
  return (await refreshPushState()) === 'subscribed';
}

/** Calls `listener` whenever the push state changes (enabled, disabled, permission changed); returns the unsubscribe. */
export function onPushStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The push state for a component: null on the server and until the browser answered, then kept current. */
export function usePushState(): TPushState | null {
  const current = useSyncExternalStore(onPushStateChange, pushState, () => null);
  useEffect(() => {
    void refreshPushState();
    // The member may change the permission in the browser's site settings and come back to the tab.
    const recheck = () => {
      if (document.visibilityState === 'visible') void refreshPushState();
    };
    document.addEventListener('visibilitychange', recheck);
    return () => document.removeEventListener('visibilitychange', recheck);
  }, []);
  return current;
}

/** Starts loading the application server key, so a click on Enable only waits for the browser. */
export function preloadPushKey(): Promise<string> {
  publicKey ??= fetchPushPublicKey().catch((err: unknown) => {
    publicKey = null;
    throw err;
  });
  return publicKey;
}

/** The VAPID public key (URL-safe base64) as the bytes `applicationServerKey` takes. */
export function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** True when a subscription was made with this application server key (a new site key needs a new subscription). */
function isSameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** Resolves once the registration has an active worker (subscribing needs one). */
async function activeRegistration(registration: ServiceWorkerRegistration): Promise<ServiceWorkerRegistration> {
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  if (worker) {
    await new Promise<void>((resolve, reject) => {
      const onChange = () => {
        if (worker.state === 'activated') resolve();
        else if (worker.state === 'redundant') reject(new Error('push worker became redundant'));
        else return;
        worker.removeEventListener('statechange', onChange);
      };
      worker.addEventListener('statechange', onChange);
    });
  }
  return registration;
}

/** A subscription as `POST /api/user.php?push=1` takes it. */
function toWire(subscription: PushSubscription): TPushSubscription {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** sessionStorage key: the member this tab last filed the browser's subscription under. */
const SYNCED_KEY = 'push-subscription-member';

/**
 * Files this browser's subscription under the member logged in now, once per tab session and member: after someone
 * else used this browser, the pushes must go to whoever is logged in (the server moves the subscription).
 */
export async function syncPushSubscription(memberId: number): Promise<void> {
  try {
    if (sessionStorage.getItem(SYNCED_KEY) === String(memberId)) return;
    const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
    if (!subscription) return;
    await savePushSubscription(toWire(subscription));
    sessionStorage.setItem(SYNCED_KEY, String(memberId));
  } catch {
    // Tried again on the next page load.
  }
}

/**
 * Before logging out: the server forgets this browser's subscription, so the next person using it gets no push about
 * this member (a push names who wrote or liked). The browser keeps its subscription: the next login files it under
 * whoever logs in (`syncPushSubscription`).
 */
export async function releasePushOnLogout(): Promise<void> {
  try {
    sessionStorage.removeItem(SYNCED_KEY);
    const subscription = isPushCapable() ? await currentSubscription() : null;
    if (subscription) await deletePushSubscription(subscription.endpoint);
  } catch {
    // The logout goes on; the next login's sync moves the subscription anyway.
  }
}

/**
 * Turns push on in this browser: asks the permission (call it from the click handler: browsers allow the prompt only
 * during a user gesture), registers the push worker, subscribes with the site's key and stores the subscription on
 * the server. A refused or dismissed prompt resolves with the new state ('denied' or 'available'); a failure after
 * subscribing removes the local subscription again and rejects.
 */
export async function enablePush(): Promise<TPushState> {
  changes++;
  if (!isPushCapable()) return setState('unsupported');
  // First thing in the gesture: Safari shows the prompt only when asked synchronously from the click.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return setState(await detectPushState());
  const [key, registration] = await Promise.all([
    preloadPushKey().then(urlBase64ToUint8Array),
    navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' }).then(activeRegistration),
  ]);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  const created = !subscription;
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await savePushSubscription(toWire(subscription));
  } catch (err) {
    // The server does not know it: a local subscription would slow polling and say 'subscribed' for nothing.
    if (created) await subscription.unsubscribe().catch(() => false);
    setState(await detectPushState());
    throw err;
  }
  return setState('subscribed');
}

/** Turns push off in this browser: the server forgets the subscription first, then the browser drops it. */
export async function disablePush(): Promise<TPushState> {
  changes++;
  const subscription = await currentSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return setState(await detectPushState());
}
