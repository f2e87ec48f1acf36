import { createHmac } from 'node:crypto';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL, E2E_MAIL_WEBHOOK_SECRET } from './constants.ts';
import {
  confirmedMember,
  gotoHydrated,
  hideBannersAbovePush,
  linkIn,
  newestMail,
  screenshot,
  text,
} from './helpers.ts';

// The notifications journeys: the page in two locales, the push prompt, the push worker, email turned off.

/** Waits until the warnings header knows this browser's push state (decided in the browser after hydration). */
async function pushStateOf(page: Page): Promise<string | null> {
  const header = page.locator('.warnings-header[data-push-state]');
  await header.waitFor({ state: 'attached' });
  return header.getAttribute('data-push-state');
}

/**
 * A push service for a browser that has none: headless Chromium refuses every subscription, so the context's
 * PushManager hands out a subscription with a real P-256 key and an https endpoint, kept in localStorage across
 * reloads. Everything from the page to `POST /api/user.php?push=1` and back runs for real.
 */
async function fakePushManager(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await context.addInitScript(() => {
    const KEY = 'e2e-fake-push-subscription';
    type TStored = { endpoint: string; keys: { p256dh: string; auth: string }; key: string };
    const b64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const bytesOf = (value: string) =>
      Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const make = (stored: TStored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytesOf(stored.key) },
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    const manager = PushManager.prototype as unknown as Record<string, unknown>;
    manager.getSubscription = async () => {
      const stored = localStorage.getItem(KEY);
      return stored ? make(JSON.parse(stored) as TStored) : null;
    };
    manager.subscribe = async (options: { applicationServerKey: Uint8Array }) => {
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ])) as CryptoKeyPair;
      const stored: TStored = {
        endpoint: `https://push.invalid/e2e/${crypto.randomUUID()}`,
        keys: {
          p256dh: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
        },
        key: b64url(options.applicationServerKey),
      };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return make(stored);
    };
  });
}

/** Reports a mail event for an address through the signed provider webhook (README "Mail provider webhook"). */
async function reportMailEvent(page: Page, email: string, event: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ events: [{ id: `e2e-${Date.now()}-${Math.random()}`, email, ...event }] });
  const signature = createHmac('sha256', E2E_MAIL_WEBHOOK_SECRET).update(body).digest('hex');
  const res = await page.request.post('/webhooks/mail', {
    headers: { 'content-type': 'application/json', 'x-amora-signature': `sha256=${signature}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lng of ['en', 'de']) {
  test(`notifications page: switches saved at once, by mouse and keyboard, at 375 and 1200 px (${lng})`, async ({
    browser,
  }) => {
    const t = (key: string, values: Record<string, unknown> = {}) => text(lng, key, values);
    const { page } = await confirmedMember(browser, `notif-${lng}`, { locale: lng });
    await page.setViewportSize({ width: 1200, height: 900 });

    // From the account menu.
    await gotoHydrated(page, '/members');
    await page.getByRole('button', { name: t('nav.account') }).click();
    await page.getByRole('link', { name: t('nav.notifications'), exact: true }).click();
    await page.waitForURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: t('notifications.page.title') })).toBeVisible();

    const label = (kind: string) => t(`notifications.kinds.${kind}.label`);
    const emailSwitch = (kind: string) =>
      page.getByRole('switch', { name: t('notifications.page.email_switch', { kind: label(kind) }) });
    const pushSwitch = (kind: string) =>
      page.getByRole('switch', { name: t('notifications.page.push_switch', { kind: label(kind) }) });

    // Defaults: everything on but the opt-in marketing kinds.
    await expect(emailSwitch('new_messages')).toBeChecked();
    await expect(pushSwitch('like')).toBeChecked();
    await expect(emailSwitch('promotions')).not.toBeChecked();
    await expect(pushSwitch('news')).not.toBeChecked();
    // Headless Chromium can show notifications: push is available and the page offers to enable it.
    await expect(page.getByRole('button', { name: t('notifications.push_state.enable') })).toBeVisible();
    await screenshot(page, `notifications-${lng}-1200`);

    // A click saves at once.
    const status = page.getByRole('status').filter({ hasText: t('common.saved') });
    await emailSwitch('new_messages').click();
    await expect(emailSwitch('new_messages')).not.toBeChecked();
    await expect(status).toBeVisible();

    // The keyboard: Space on the focused switch.
    await pushSwitch('like').focus();
    await page.keyboard.press('Space');
    await expect(pushSwitch('like')).not.toBeChecked();
    await expect(pushSwitch('like')).toBeFocused();
    // A marketing kind turned on (its consent).
    await pushSwitch('news').focus();
    await page.keyboard.press('Space');
    await expect(pushSwitch('news')).toBeChecked();
    await expect(status).toBeVisible();
    // Every save answered before the reload (they go one after another).
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/notifications.php');
        const body = (await res.json()) as { kinds: { kind: string; email: boolean; push: boolean }[] };
        return body.kinds.find((k) => k.kind === 'news')?.push;
      })
      .toBe(true);

    await gotoHydrated(page, '/notifications');
    await expect(emailSwitch('new_messages')).not.toBeChecked();
    await expect(pushSwitch('like')).not.toBeChecked();
    await expect(pushSwitch('news')).toBeChecked();
    await expect(emailSwitch('new_conversations')).toBeChecked();

    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, `notifications-${lng}-375`);

    // The settings page links here too.
    await gotoHydrated(page, '/settings');
    await page.getByRole('link', { name: t('notifications.page.settings_link') }).click();
    await page.waitForURL(/\/notifications$/);
    await page.context().close();
  });
}

test('push prompt: shown to a new member where push is available, dismissed for good', async ({ browser }) => {
  const t = (key: string) => text('en', key);
  const { page } = await confirmedMember(browser, 'pushprompt');
  await hideBannersAbovePush(page);
  // Not on the activation result page (spec §4), which has no banner slot at all (issue 31).
  await expect(page).toHaveURL(/\/activate\/done/);
  await expect(page.locator('.warnings-header')).toHaveCount(0);
  await expect(page.getByText(t('alerts.push.text'))).toHaveCount(0);

  await gotoHydrated(page, '/members');
  expect(await pushStateOf(page)).toBe('available');
  const alert = page.getByRole('status').filter({ hasText: t('alerts.push.text') });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: t('alerts.push.enable') })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'push-alert-en-375');
  // Not on the notifications page, which has its own button.
  await gotoHydrated(page, '/notifications');
  expect(await pushStateOf(page)).toBe('available');
  await expect(page.getByText(t('alerts.push.text'))).toHaveCount(0);

  await gotoHydrated(page, '/members');
  await alert.getByRole('button', { name: t('alerts.dismiss') }).click();
  await expect(alert).toHaveCount(0);
  await gotoHydrated(page, '/members');
  expect(await pushStateOf(page)).toBe('available');
  await expect(page.getByText(t('alerts.push.text'))).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('hide-push-notification-alert'))).not.toBeNull();
  await page.context().close();
});

test('push: enabled from the alert, stored on the server, disabled on this device', async ({ browser }) => {
  const t = (key: string) => text('en', key);
  const { page } = await confirmedMember(browser, 'pushon');
  await hideBannersAbovePush(page);
  await fakePushManager(page.context());
  await gotoHydrated(page, '/members');
  const alert = page.getByRole('status').filter({ hasText: t('alerts.push.text') });
  await alert.getByRole('button', { name: t('alerts.push.enable') }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.locator('.warnings-header')).toHaveAttribute('data-push-state', 'subscribed');

  const devices = async () =>
    ((await (await page.request.get('/api/notifications.php')).json()) as { push_devices: number }).push_devices;
  expect(await devices()).toBe(1);

  await gotoHydrated(page, '/notifications');
  await expect(page.getByText(t('notifications.push_state.subscribed'))).toBeVisible();
  await page.getByRole('button', { name: t('notifications.push_state.disable') }).click();
  await expect(page.getByText(t('notifications.push_state.disabled'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('notifications.push_state.enable') })).toBeVisible();
  expect(await devices()).toBe(0);

  // Enabled again from the page.
  await page.getByRole('button', { name: t('notifications.push_state.enable') }).click();
  await expect(page.getByText(t('notifications.push_state.enabled'))).toBeVisible();
  expect(await devices()).toBe(1);
  await page.context().close();
});

test('/sw-push.js registers with scope / and answers version 2', async ({ browser }) => {
  const { page } = await confirmedMember(browser, 'pushworker');
  await gotoHydrated(page, '/members');
  const answer = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register('/sw-push.js', { scope: '/' });
    const worker = await navigator.serviceWorker.ready.then((r) => r.active!);
    const version = await new Promise<unknown>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      worker.postMessage({ type: 'version' }, [channel.port2]);
    });
    return { scope: registration.scope, script: worker.scriptURL, version };
  });
  expect(answer.scope).toBe(`${E2E_BASE_URL}/`);
  expect(answer.script).toBe(`${E2E_BASE_URL}/sw-push.js`);
  expect(answer.version).toMatchObject({ version: 2 });
  await page.context().close();
});

test('email turned off by a spam complaint, then by a bounce: the alert, the reason, turning it back on (by link after a bounce)', async ({
  browser,
}) => {
  const t = (key: string, values: Record<string, unknown> = {}) => text('en', key, values);
  const { page, email } = await confirmedMember(browser, 'bounced');
  const disabledAlert = page.getByRole('status').filter({ hasText: t('alerts.disabled_notifications.text') });

  // A spam complaint (fbl).
  await reportMailEvent(page, email, { type: 'complaint' });
  await gotoHydrated(page, '/members');
  await expect(disabledAlert).toBeVisible();
  await disabledAlert.getByRole('link', { name: t('alerts.disabled_notifications.link') }).click();
  await page.waitForURL(/\/notifications$/);
  // The alert is not repeated on the page that explains it.
  await expect(disabledAlert).toHaveCount(0);
  await expect(page.getByRole('heading', { name: t('notifications.email_disabled.title') })).toBeVisible();
  await expect(page.getByText(t('notifications.email_disabled.fbl'))).toBeVisible();
  await page.getByRole('button', { name: t('notifications.email_disabled.reenable') }).click();
  await expect(page.getByText(t('notifications.email_disabled.reenabled'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('notifications.email_disabled.title') })).toHaveCount(0);
  await gotoHydrated(page, '/members');
  await pushStateOf(page);
  await expect(disabledAlert).toHaveCount(0);

  // A hard bounce: turning email back on first proves the address works again.
  await reportMailEvent(page, email, { type: 'bounce', bounce_type: 'hard' });
  await gotoHydrated(page, '/notifications');
  await expect(page.getByText(t('notifications.email_disabled.bounce', { email }))).toBeVisible();
  await screenshot(page, 'notifications-bounce-en-1280');
  await page.getByRole('button', { name: t('notifications.email_disabled.reenable') }).click();
  await expect(page.getByText(t('notifications.email_disabled.confirmation_sent', { email }))).toBeVisible();

  // The alert is dismissible, and stays dismissed.
  await gotoHydrated(page, '/members');
  await disabledAlert.getByRole('button', { name: t('alerts.dismiss') }).click();
  await expect(disabledAlert).toHaveCount(0);
  await gotoHydrated(page, '/members');
  await pushStateOf(page);
  await expect(disabledAlert).toHaveCount(0);

  // The emailed link turns email back on.
  const mail = await newestMail(page, email, 'email_reenable');
  await gotoHydrated(page, linkIn(mail, '/email-reenable'));
  await page.getByRole('button', { name: t('email_reenable.submit') }).click();
  await expect(page.getByText(t('email_reenable.done'))).toBeVisible();
  await gotoHydrated(page, '/notifications');
  await expect(page.getByRole('heading', { level: 1, name: t('notifications.page.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('notifications.email_disabled.title') })).toHaveCount(0);
  await page.context().close();
});

test('the unsubscribe link of a real like email turns likes off without login, and Undo turns them on again', async ({
  browser,
}) => {
  const de = (key: string, values: Record<string, unknown> = {}) => text('de', key, values);
  const en = (key: string) => text('en', key);
  const anna = await confirmedMember(browser, 'unsub-anna');
  const ben = await confirmedMember(browser, 'unsub-ben', { locale: 'de', gender: 'male', lookingFor: 'female' });

  // Anna likes Ben: the journeys' server sends the like email at once (NOTIFICATION_EMAIL_DELAY_S=0), in German.
  await gotoHydrated(anna.page, `/members/${ben.profileId}`);
  await anna.page.getByRole('button', { name: en('likes.like'), exact: true }).click();
  const mail = await newestMail(ben.page, ben.email, 'notify_like');
  expect(mail.text).toContain(anna.name);
  const unsubscribe = linkIn(mail, '/unsubscribe?token=');

  // Opened in a browser without Ben's session: opening changes nothing, the button does.
  const visitor = await browser.newPage();
  await visitor.context().addCookies([{ name: 'i18n_redirected', value: 'de', url: E2E_BASE_URL }]);
  await gotoHydrated(visitor, unsubscribe);
  await expect(visitor.getByText(de('unsubscribe.confirm.text_kind'))).toBeVisible();
  await visitor.getByRole('button', { name: de('unsubscribe.confirm.submit'), exact: true }).click();
  await expect(visitor.getByRole('heading', { name: de('unsubscribe.done.title') })).toBeVisible();
  await screenshot(visitor, 'unsubscribe-done-de');

  const likeEmail = ben.page.getByRole('switch', {
    name: de('notifications.page.email_switch', { kind: de('notifications.kinds.like.label') }),
  });
  await gotoHydrated(ben.page, '/notifications');
  await expect(likeEmail).not.toBeChecked();

  await visitor.getByRole('button', { name: de('unsubscribe.done.undo') }).click();
  await expect(visitor.getByText(de('unsubscribe.undone'))).toBeVisible();
  await gotoHydrated(ben.page, '/notifications');
  await expect(likeEmail).toBeChecked();
});
