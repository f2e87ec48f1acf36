import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_DELIVERY } from '#common/notifications.ts';
import { notificationsApi } from '#common/wire/notifications.ts';
import { pushSubscriptions } from '#server/db/schema/index.ts';
import { PermanentJobError } from '#server/jobs/jobs.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { testSubscription } from '#server/test/push-service.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { guardedLookup, PUSH_ADDRESS_REFUSED, type TPushResolver } from './push-address.ts';

// Push endpoints may not make the server connect into its own network (SSRF). The addresses below are only
// listed: nothing connects to any of them. Every connection this file makes goes to a listener on 127.0.0.1.

/** Host names the stubbed resolver knows; any other name fails to resolve (no DNS query leaves the machine). */
const NAMES: Record<string, string[]> = {
  'rebind.example': ['127.0.0.1'],
  'mixed.example': ['203.0.113.7', '10.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'v6.example': ['::1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'ok.example': ['127.0.0.1'],
  // Loopback first: were the guard to pass it, the connection would reach this file's own listener, nothing else.
  'loop-then-private.example': ['127.0.0.1', '10.0.0.1'],
};
const asked: string[] = [];
const resolver: TPushResolver = async (hostname) => {
  asked.push(hostname);
  const addresses = NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: net.isIP(address) }));
};

/** A TCP listener on 127.0.0.1 that counts the connections it gets (and closes them). */
async function countingListener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TTestApp;
let listener: Awaited<ReturnType<typeof countingListener>>;
beforeAll(async () => {
  listener = await countingListener();
  t = await buildTestApp({ pushResolver: resolver });
});
afterAll(async () => {
  await t.close();
  await listener.close();
});

const subscribe = (cookie: Record<string, string>, endpoint: string) =>
  asMember(t.app, cookie).call(notificationsApi.subscribePush, { endpoint, keys: testSubscription(endpoint).keys });

describe('push endpoints at subscribe (production policy: public addresses only)', () => {
  const refused = [
    'https://127.0.0.1/push/x',
    'https://127.0.0.1:8443/push/x',
    'https://127.255.255.254/push/x',
    'https://2130706433/push/x',
    'https://0x7f.1/push/x',
    'https://0x7f000001/push/x',
    'https://0177.0.0.1/push/x',
    'https://127.1/push/x',
    'https://127.0.0.1./push/x',
    'https://0.0.0.0/push/x',
    'https://0/push/x',
    'https://[::1]/push/x',
    'https://[::]/push/x',
    'https://[::ffff:127.0.0.1]/push/x',
    'https://[::ffff:7f00:1]/push/x',
    'https://[::ffff:169.254.169.254]/push/x',
    'https://[64:ff9b::7f00:1]/push/x',
    'https://[2002:7f00:1::]/push/x',
    'https://10.0.0.1/push/x',
    'https://172.16.0.1/push/x',
    'https://172.31.255.255/push/x',
    'https://192.168.1.1/push/x',
    'https://100.64.0.1/push/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/latest/meta-data/',
    'https://[fc00::1]/push/x',
    'https://[fe80::1]/push/x',
    'https://224.0.0.1/push/x',
    'https://[ff02::1]/push/x',
    'https://255.255.255.255/push/x',
    'https://192.0.2.1/push/x',
    'https://240.0.0.1/push/x',
    'https://localhost/push/x',
    'https://push.localhost/push/x',
    'https://metadata/computeMetadata/v1/',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'http://fcm.googleapis.com/fcm/send/x',
  ];

  it('refuses loopback in every numeric form, private, link-local, unique-local, CGNAT, multicast and reserved with 400', async () => {
    const m = await activeMember(t);
    for (const endpoint of refused) {
      const res = await subscribe(m.cookie, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.error?.error, endpoint).toBe('invalid_request');
    }
    const rows = await t.services.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, m.user.id));
    expect(rows).toEqual([]);
  });

  it('accepts the push services’ public hosts and public addresses (nothing connects at subscribe)', async () => {
    const m = await activeMember(t);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
      'https://8.8.8.8/push/x',
    ]) {
      const res = await subscribe(m.cookie, endpoint);
      expect(res.status, `${endpoint} ${JSON.stringify(res.error)}`).toBe(200);
    }
    expect(await t.services.push.devices(m.user.id)).toBe(5);
  });
});

describe('push endpoints at send time (DNS rebinding)', () => {
  it('refuses to connect when the host name resolves to loopback, private or link-local; nothing is connected to', async () => {
    const payload = { v: 2 as const, kind: 'news' as const, title: 'T', body: 'B', url: '/', tag: 'news', icon: '' };
    for (const host of ['rebind.example', 'mixed.example', 'metadata.example', 'v6.example', 'mapped.example']) {
      const m = await activeMember(t);
      // Public-looking when stored; by the time of the push its name points inside.
      const endpoint = `https://${host}:${listener.port}/push/x`;
      expect((await subscribe(m.cookie, endpoint)).status, host).toBe(200);
      const [row] = await t.services.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, m.user.id));
      asked.length = 0;
      const err = await t.services.push.deliver(row.id, payload, PUSH_DELIVERY.news).catch((e: unknown) => e);
      expect(err, host).toBeInstanceOf(PermanentJobError);
      expect(asked, host).toContain(host);
    }
    expect(listener.connections()).toBe(0);
  });

  it('deletes a stored subscription whose endpoint is an IP literal that is not public, without connecting', async () => {
    const m = await activeMember(t);
    const endpoint = `https://127.0.0.1:${listener.port}/push/x`;
    // Stored as an older version of the app would have (subscribe refuses it now).
    const [row] = await t.services.database.db
      .insert(pushSubscriptions)
      .values({ userId: m.user.id, endpoint, ...testSubscription(endpoint).keys })
      .returning();
    const payload = { v: 2 as const, kind: 'news' as const, title: 'T', body: 'B', url: '/', tag: 'news', icon: '' };
    expect(await t.services.push.deliver(row.id, payload, PUSH_DELIVERY.news)).toBe('gone');
    expect(await t.services.push.devices(m.user.id)).toBe(0);
    expect(listener.connections()).toBe(0);
  });

  it('the guarded lookup hands the socket the address it checked, and refuses when any address is not allowed', async () => {
    const lookup = guardedLookup({ allowLoopback: true }, resolver);
    const agent = new https.Agent({ lookup });
    const before = listener.connections();
    const reached = await new Promise<unknown>((resolve) => {
      https.get(`https://ok.example:${listener.port}/`, { agent }, resolve).on('error', resolve);
    });
    // The listener closes the socket: the request fails after connecting, on the checked address.
    expect((reached as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(listener.connections()).toBe(before + 1);
    const refusedErr = await new Promise<unknown>((resolve) => {
      https.get(`https://loop-then-private.example:${listener.port}/`, { agent }, resolve).on('error', resolve);
    });
    expect((refusedErr as NodeJS.ErrnoException).code).toBe(PUSH_ADDRESS_REFUSED);
    expect(listener.connections()).toBe(before + 1);
    agent.destroy();
  });
});
