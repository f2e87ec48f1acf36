import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '#common/wire/accounts.ts';
import { sitesApi } from '#common/wire/settings-api.ts';
import { buildMember } from '../test/factories.ts';
import { asVisitor } from '../test/member-client.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// TRUST_PROXY names the proxies in front; whatever a client writes into X-Forwarded-For, its address
// (request.ip) is the right-most one that is not a trusted proxy, so neither the dev mailbox nor a per-IP limit moves.
// Addresses here are only data for app.inject: nothing connects anywhere.

/** The GeoIP country the app derives from request.ip (an observable of the address it took for the client). */
async function countryOf(t: TTestApp, remoteAddress: string, forwardedFor?: string): Promise<string | null> {
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  return (await asVisitor(t.app).call(sitesApi.settings, {}, { remoteAddress, headers })).body.geoip_country;
}

/** The dev mailbox's answers (list page and JSON) to a request from `remoteAddress` with the given headers. */
async function mailboxStatuses(t: TTestApp, remoteAddress: string, headers: Record<string, string>) {
  const codes: number[] = [];
  for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
    codes.push((await t.app.inject({ url, remoteAddress, headers })).statusCode);
  }
  return codes;
}

/**
 * A client address of its own (a fresh /64 of the IPv6 documentation range): limit counters may outlive a test app
 * (Redis), so no two apps or runs share one.
 */
function freshClient(): string {
  const hex = randomBytes(4).toString('hex');
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4)}::7`;
}

/** Wrong logins from one socket, each with its own X-Forwarded-For; how many were answered before the first 429. */
async function loginsBefore429(t: TTestApp, remoteAddress: string, forwardedFor: (i: number) => string) {
  for (let i = 0; i < 60; i++) {
    const res = await asVisitor(t.app).call(
      accountsApi.login,
      { email: `nobody${i}@example.com`, password: 'guess guess' },
      { headers: { 'x-forwarded-for': forwardedFor(i) }, remoteAddress },
    );
    if (res.status === 429) return i;
    expect(res.status).toBe(401);
  }
  return Infinity;
}

const SETUPS = [
  // One proxy in front, known by its hop: whoever connects is taken for it.
  { env: { TRUST_PROXY: '1' }, proxy: '10.0.0.7' },
  // A proxy on this machine, known by its address.
  { env: { TRUST_PROXY: '127.0.0.1' }, proxy: '127.0.0.1' },
  // Proxies on a private network, by CIDR.
  { env: { TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, proxy: '10.1.2.3' },
];

describe.each(SETUPS)('behind a configured proxy, TRUST_PROXY=$env.TRUST_PROXY', ({ env, proxy }) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...env, RATE_LIMITS: 'true' } });
    await buildMember(t); // one email in the mailbox
  });
  afterAll(async () => t.close());

  it('takes the right-most address the proxy appended as the client, whatever the client wrote before it', async () => {
    expect(await countryOf(t, proxy, '193.99.144.80')).toBe('DE');
    expect(await countryOf(t, proxy, '145.1.1.1, 193.99.144.80')).toBe('DE');
    expect(await countryOf(t, proxy, '193.99.144.80, 145.1.1.1')).toBe('NL');
    expect(await countryOf(t, proxy, '127.0.0.1, 8.8.8.8')).toBe('US');
  });

  it('keeps the dev mailbox from a remote client that writes X-Forwarded-For: 127.0.0.1', async () => {
    // Through the proxy, which appends the real client.
    expect(await mailboxStatuses(t, proxy, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toEqual([404, 404]);
    expect(await mailboxStatuses(t, proxy, { 'x-forwarded-for': '203.0.113.9' })).toEqual([404, 404]);
    // Straight to the app, past the proxy.
    expect(await mailboxStatuses(t, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).toEqual([404, 404]);
    expect(await mailboxStatuses(t, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1, 127.0.0.1' })).toEqual([404, 404]);
  });

  it('keeps one login budget per client however the left-most X-Forwarded-For rotates', async () => {
    const [client, neighbour] = [freshClient(), freshClient()];
    const answered = await loginsBefore429(t, proxy, (i) => `203.0.113.${i}, ${client}`);
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(60);
    // Another client behind the same proxy keeps its own budget.
    expect(await loginsBefore429(t, proxy, (i) => `192.0.2.${i}, ${neighbour}`)).toBe(answered);
  });
});

describe('a trusted proxy list does not trust whoever connects', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', RATE_LIMITS: 'true' } });
  });
  afterAll(async () => t.close());

  it('takes the socket address of a client that is not a listed proxy, ignoring its X-Forwarded-For', async () => {
    expect(await countryOf(t, '145.1.1.1', '193.99.144.80')).toBe('NL');
    expect(await countryOf(t, '10.0.0.1', '193.99.144.80')).toBe('DE');
  });

  it('counts a direct client’s logins on its socket address, whatever it writes', async () => {
    const answered = await loginsBefore429(t, freshClient(), (i) => `192.0.2.${i}, 198.51.100.${i}`);
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(60);
  });
});
