// Amora push service worker (spec §7 `/sw-push.js`): shows the server-localized notifications, sets the app badge, opens the right page on click.
const VERSION = 2;
/* global self, fetch, URL */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Sets the app badge to the unread total where the browser supports it (0 clears it). */
async function setBadge(count) {
  if (typeof count !== 'number' || !self.navigator.setAppBadge) return;
  try {
    if (count > 0) await self.navigator.setAppBadge(count);
    else await self.navigator.clearAppBadge();
  } catch {
    // The badge is a nicety: a refusal must not keep the notification from showing.
  }
}

self.addEventListener('push', (event) => {
  let push;
  try {
    push = event.data ? event.data.json() : null;
  } catch {
    push = null;
  }
  // A push must always show something (userVisibleOnly): an unreadable one shows the site's name.
  const title = push && typeof push.title === 'string' ? push.title : self.location.hostname;
  const url = push && typeof push.url === 'string' && push.url.startsWith('/') ? push.url : '/';
  const icon = push && typeof push.icon === 'string' ? push.icon : '/favicon.svg';
  const options = {
    body: push && typeof push.body === 'string' ? push.body : '',
    icon,
    badge: icon,
    tag: push && typeof push.tag === 'string' ? push.tag : undefined,
    renotify: Boolean(push && push.tag),
    data: { url },
  };
  if (push && typeof push.image === 'string') options.image = push.image;
  event.waitUntil(
    Promise.all([self.registration.showNotification(title, options), setBadge(push ? push.badge : undefined)]),
  );
});

/** Focuses an open tab of the site (on the notification's page) or opens one. */
async function openPage(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((c) => new URL(c.url).origin === self.location.origin);
  const client = ours.find((c) => c.url === target) || ours.find((c) => c.focused) || ours[0];
  if (!client) return self.clients.openWindow(target);
  const focused = await client.focus();
  if (client.url === target) return focused;
  try {
    return await focused.navigate(target);
  } catch {
    // A tab this worker does not control cannot be navigated: open the page in a new one.
    return self.clients.openWindow(target);
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(openPage(path));
});

self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'version') return;
  const answer = { type: 'version', version: VERSION };
  if (event.ports && event.ports[0]) event.ports[0].postMessage(answer);
  else if (event.source) event.source.postMessage(answer);
});

/** Sends a subscription to the server, as the page does (`POST /api/user.php?push=1`). */
function saveSubscription(subscription) {
  return fetch('/api/user.php?push=1', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'amora' },
    body: JSON.stringify(subscription.toJSON()),
  });
}

// The push service replaced or expired the subscription: subscribe again with the same key and tell the server.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      let key = old && old.options ? old.options.applicationServerKey : null;
      if (!key && !event.newSubscription) {
        const settings = await fetch('/api/settings.php', { credentials: 'include' }).then((r) => r.json());
        key = settings.push_public_key || null;
      }
      const fresh =
        event.newSubscription ||
        (key
          ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          : null);
      if (fresh) await saveSubscription(fresh);
      if (old && (!fresh || old.endpoint !== fresh.endpoint)) {
        await fetch('/api/user.php?push=1', {
          method: 'DELETE',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'amora' },
          body: JSON.stringify({ endpoint: old.endpoint }),
        }).catch(() => undefined);
      }
    })(),
  );
});
