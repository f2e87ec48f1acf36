import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  savePushSubscription: vi.fn(),
  deletePushSubscription: vi.fn(),
  fetchPushPublicKey: vi.fn(),
}));
vi.mock('./notifications.api.ts', () => api);

/** The site's VAPID public key as the settings carry it (a P-256 point, URL-safe base64 without padding). */
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/** A browser with the Push API: permission, the registrations of this origin and the calls made to them. */
function browser({ permission = 'default', secure = true, script = '/sw-push.js', subscribed = false } = {}) {
  const calls: string[] = [];
  let subscription: Record<string, unknown> | null = null;
  const makeSubscription = (key: ArrayBuffer) => ({
    endpoint: 'https://push.example/abc',
    expirationTime: null,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'p256', auth: 'auth' } }),
    unsubscribe: vi.fn(async () => {
      calls.push('unsubscribe');
      subscription = null;
      return true;
    }),
  });
  const registration = {
    active: { scriptURL: `https://amora.example${script}` },
    pushManager: {
      getSubscription: vi.fn(async () => subscription),
      subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
        calls.push('subscribe');
        subscription = makeSubscription(options.applicationServerKey.buffer as ArrayBuffer);
        return subscription;
      }),
    },
  };
  if (subscribed) subscription = makeSubscription(new ArrayBuffer(65));
  const serviceWorker = {
    getRegistration: vi.fn(async (clientUrl: string) => (clientUrl === '/' ? registration : undefined)),
    register: vi.fn(async () => {
      calls.push('register');
      return registration;
    }),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      calls.push('requestPermission');
      return notification.permission;
    }),
  };
  vi.stubGlobal('window', { isSecureContext: secure, PushManager: class {}, Notification: notification });
  vi.stubGlobal('navigator', { serviceWorker });
  vi.stubGlobal('Notification', notification);
  const session = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => session.get(k) ?? null,
    setItem: (k: string, v: string) => session.set(k, v),
    removeItem: (k: string) => session.delete(k),
  });
  return { calls, registration, serviceWorker, notification, subscription: () => subscription };
}

describe('web push in the browser', () => {
  beforeEach(() => {
    vi.resetModules();
    api.savePushSubscription.mockReset().mockResolvedValue({ ok: true });
    api.deletePushSubscription.mockReset().mockResolvedValue({ ok: true });
    api.fetchPushPublicKey.mockReset().mockResolvedValue(KEY);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('decodes the VAPID key into the 65 bytes of an uncompressed P-256 point', async () => {
    const { urlBase64ToUint8Array } = await import('./push.ts');
    const bytes = urlBase64ToUint8Array(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('tells the four states apart', async () => {
    browser({ secure: false });
    expect(await (await import('./push.ts')).refreshPushState()).toBe('unsupported');
    vi.resetModules();
    browser({ permission: 'denied' });
    expect(await (await import('./push.ts')).refreshPushState()).toBe('denied');
    vi.resetModules();
    browser({ permission: 'granted' });
    expect(await (await import('./push.ts')).refreshPushState()).toBe('available');
    vi.resetModules();
    // Another worker's subscription is not ours.
    browser({ permission: 'granted', subscribed: true, script: '/other-worker.js' });
    expect(await (await import('./push.ts')).refreshPushState()).toBe('available');
    vi.resetModules();
    const b = browser({ permission: 'granted', subscribed: true });
    const push = await import('./push.ts');
    expect(await push.refreshPushState()).toBe('subscribed');
    expect(await push.isPushSubscribed()).toBe(true);
    // getRegistration takes a client URL (the scope it covers), never the script's URL.
    expect(b.serviceWorker.getRegistration).toHaveBeenCalledWith('/');
  });

  it('enables: asks first, registers /sw-push.js at scope /, subscribes with the site key, stores it', async () => {
    const b = browser();
    b.notification.requestPermission.mockImplementation(async () => {
      b.calls.push('requestPermission');
      b.notification.permission = 'granted';
      return 'granted';
    });
    const push = await import('./push.ts');
    const changed = vi.fn();
    push.onPushStateChange(changed);
    expect(await push.enablePush()).toBe('subscribed');
    expect(b.calls[0]).toBe('requestPermission');
    expect(b.serviceWorker.register).toHaveBeenCalledWith('/sw-push.js', { scope: '/' });
    const options = b.registration.pushManager.subscribe.mock.calls[0][0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...push.urlBase64ToUint8Array(KEY)]);
    expect(api.savePushSubscription).toHaveBeenCalledWith({
      endpoint: 'https://push.example/abc',
      expirationTime: null,
      keys: { p256dh: 'p256', auth: 'auth' },
    });
    expect(push.pushState()).toBe('subscribed');
    expect(changed).toHaveBeenCalled();
  });

  it('a refused prompt changes nothing but the state; a failed save drops the new subscription again', async () => {
    const b = browser();
    b.notification.requestPermission.mockImplementation(async () => {
      b.notification.permission = 'denied';
      return 'denied';
    });
    let push = await import('./push.ts');
    expect(await push.enablePush()).toBe('denied');
    expect(b.serviceWorker.register).not.toHaveBeenCalled();

    vi.resetModules();
    const c = browser({ permission: 'granted' });
    api.savePushSubscription.mockRejectedValue(new Error('offline'));
    push = await import('./push.ts');
    await expect(push.enablePush()).rejects.toThrow('offline');
    expect(c.calls).toEqual(['requestPermission', 'register', 'subscribe', 'unsubscribe']);
    expect(push.pushState()).toBe('available');
  });

  it('disables: the server forgets the endpoint first, then the browser unsubscribes', async () => {
    const b = browser({ permission: 'granted', subscribed: true });
    api.deletePushSubscription.mockImplementation(async () => {
      b.calls.push('delete');
      return { ok: true };
    });
    const push = await import('./push.ts');
    expect(await push.disablePush()).toBe('available');
    expect(api.deletePushSubscription).toHaveBeenCalledWith('https://push.example/abc');
    expect(b.calls).toEqual(['delete', 'unsubscribe']);

    // The server refused: the subscription stays, and so does the state.
    vi.resetModules();
    const c = browser({ permission: 'granted', subscribed: true });
    api.deletePushSubscription.mockRejectedValue(new Error('offline'));
    const again = await import('./push.ts');
    await again.refreshPushState();
    await expect(again.disablePush()).rejects.toThrow('offline');
    expect(c.subscription()).not.toBeNull();
  });

  it('files a subscribed browser under the member logged in, once per tab session and member', async () => {
    browser({ permission: 'granted', subscribed: true });
    const push = await import('./push.ts');
    await push.syncPushSubscription(7);
    await push.syncPushSubscription(7);
    expect(api.savePushSubscription).toHaveBeenCalledTimes(1);
    await push.syncPushSubscription(8);
    expect(api.savePushSubscription).toHaveBeenCalledTimes(2);
  });

  it('on logout the server forgets this browser, which keeps its subscription for the next login to file again', async () => {
    const b = browser({ permission: 'granted', subscribed: true });
    const push = await import('./push.ts');
    await push.syncPushSubscription(7);
    await push.releasePushOnLogout();
    expect(api.deletePushSubscription).toHaveBeenCalledWith('https://push.example/abc');
    expect(b.subscription()).not.toBeNull();
    // The same member logging in again in this tab files it again.
    await push.syncPushSubscription(7);
    expect(api.savePushSubscription).toHaveBeenCalledTimes(2);
  });
});
