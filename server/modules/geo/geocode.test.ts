import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpointInput } from '#common/endpoint.ts';
import { geoApi } from '#common/wire/geo.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Reverse geocodes as a visitor (no session), optionally in a language. */
function geocode(query: TEndpointInput<typeof geoApi.geocode>, lng?: string) {
  return asMember(t.app, lng ? { i18n_redirected: lng } : {}).call(geoApi.geocode, query);
}

const amsterdam = { lat: '52.3731', lon: '4.8926' };

describe('GET /api/geocode.php (spec §7)', () => {
  it('places a point in Amsterdam at city precision, without echoing coordinates', async () => {
    const res = await geocode(amsterdam);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      country: 'NL',
      country_name: 'The Netherlands',
      region_code: 'NH',
      region_name: 'Noord-Holland',
      city: 'Amsterdam',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/52\.37|4\.89/);
  }, 30_000);

  it.each([
    ['Berlin', { lat: '52.5244', lon: '13.4105' }, 'DE', 'BE', 'Berlin'],
    ['Munich', { lat: '48.1374', lon: '11.5755' }, 'DE', 'BY', 'Munich'],
    ['Warsaw', { lat: '52.2297', lon: '21.0122' }, 'PL', '14', 'Warsaw'],
    // Paris lies in a department; its region comes from the ISO 3166-2 parent.
    ['Paris', { lat: '48.8566', lon: '2.3522' }, 'FR', 'IDF', 'Paris'],
    // Buskerud (2024) maps to Viken, the county country-region-data still lists.
    ['Drammen', { lat: '59.7439', lon: '10.2045' }, 'NO', '30', 'Drammen'],
  ])('places %s', async (_name, query, country, region, city) => {
    const res = await geocode(query);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ country, region_code: region, city });
  });

  it('localises the country name to the request language', async () => {
    const res = await geocode(amsterdam, 'de');
    expect(res.body).toMatchObject({ country: 'NL', country_name: 'Niederlande', region_code: 'NH' });
  });

  it.each([
    ['the North Sea', { lat: '55', lon: '3' }],
    ['Prague, outside the served countries', { lat: '50.0755', lon: '14.4378' }],
  ])('answers location_not_found for %s', async (_name, query) => {
    const res = await geocode(query);
    expect(res.status).toBe(404);
    expect(res.error).toMatchObject({ error: 'location_not_found' });
  });

  it.each(['lat=91&lon=4', 'lat=52&lon=-181', 'lat=abc&lon=4', 'lat=&lon=4', 'lat=52'])(
    'rejects %s as invalid_request',
    async (query) => {
      // Raw: out-of-range, non-numeric, empty and missing values as a hand-made URL sends them.
      const res = await t.app.inject({ url: `/api/geocode.php?${query}`, headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
    },
  );
});

describe('GET /api/geocode.php rate limit', () => {
  it('answers rate_limited after 30 lookups a minute from one address', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
    try {
      const ask = () => asVisitor(limited.app).call(geoApi.geocode, { lat: '55', lon: '3' });
      for (let i = 0; i < 30; i++) expect((await ask()).status).toBe(404);
      const res = await ask();
      expect(res.status).toBe(429);
      expect(res.error).toMatchObject({ error: 'rate_limited' });
    } finally {
      await limited.close();
    }
  }, 30_000);
});

describe('positions are never logged', () => {
  it('removes the query string of geocode requests from the logged request', async () => {
    const { serializeRequest } = await import('#server/app.ts');
    const logged = (url: string) =>
      serializeRequest({ method: 'GET', url, host: 'localhost', ip: '127.0.0.1', socket: {} } as never).url;
    expect(logged('/api/geocode.php?lat=52.37&lon=4.89')).toBe('/api/geocode.php?[redacted]');
    expect(logged('/api/search.php?country=NL')).toBe('/api/search.php?country=NL');
  });
});
