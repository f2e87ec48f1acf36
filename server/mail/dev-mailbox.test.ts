import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../test/factories.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// The dev mailbox shows every reset link: whoever reads it can take over any account.
const PAGES = ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/1'];

async function statuses(t: TTestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  const codes: number[] = [];
  for (const url of PAGES) codes.push((await t.app.inject({ url, remoteAddress, headers })).statusCode);
  return codes;
}

describe('dev mailbox by default', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await buildMember(t); // one email in the mailbox, so /dev/mailbox/1 exists
  });
  afterAll(async () => t.close());

  it('answers loopback clients (127.0.0.0/8, ::1, ::ffff:127.x)', async () => {
    for (const address of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) {
      expect(await statuses(t, address), address).toEqual([200, 200, 200]);
    }
  });

  it('answers any other address 404, as if it did not exist', async () => {
    for (const address of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.5', '2001:db8::1']) {
      expect(await statuses(t, address), address).toEqual([404, 404, 404]);
    }
    const res = await t.app.inject({ url: '/dev/mailbox.json', remoteAddress: '203.0.113.9' });
    expect(res.json().error).toBe('not_found');
  });

  it('answers 404 to a request relayed by a proxy on this machine while TRUST_PROXY is off', async () => {
    expect(await statuses(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toEqual([404, 404, 404]);
    expect(await statuses(t, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).toEqual([404, 404, 404]);
  });
});

describe('dev mailbox behind a proxy', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.0/8,127.0.0.1' } });
    await buildMember(t);
  });
  afterAll(async () => t.close());

  it('answers only when the socket and every X-Forwarded-For entry are this machine', async () => {
    expect(await statuses(t, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toEqual([200, 200, 200]);
    expect(await statuses(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toEqual([404, 404, 404]);
    expect(await statuses(t, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toEqual([404, 404, 404]);
    // A trusted proxy on another machine relays a client that is not on this one.
    expect(await statuses(t, '10.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toEqual([404, 404, 404]);
  });
});

describe('dev mailbox and the Host a loopback request names (DNS rebinding)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await buildMember(t);
  });
  afterAll(async () => t.close());

  it('answers a loopback host name: localhost, *.localhost, 127.0.0.0/8, [::1], with a port or not', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'liefde.localhost:3000',
      '127.0.0.1:3000',
      '127.0.0.2',
      '[::1]:3000',
    ]) {
      expect(await statuses(t, '127.0.0.1', { host }), host).toEqual([200, 200, 200]);
    }
  });

  it('answers 404 to a loopback request for any other host', async () => {
    for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '10.0.0.1:3000', '[::2]']) {
      expect(await statuses(t, '127.0.0.1', { host }), host).toEqual([404, 404, 404]);
    }
  });
});

describe('dev mailbox with DEV_MAILBOX=true', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DEV_MAILBOX: 'true' } });
    await buildMember(t);
  });
  afterAll(async () => t.close());

  it('answers every address, as explicitly asked', async () => {
    expect(await statuses(t, '203.0.113.9')).toEqual([200, 200, 200]);
  });
});
