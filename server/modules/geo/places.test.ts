import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpointInput } from '#common/endpoint.ts';
import { CITY_MAX } from '#common/profile-edit.ts';
import { geoApi } from '#common/wire/geo.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { locateCity } from './geocode.service.ts';
import { PLACE_ALIASES } from './place-aliases.ts';
import { PLACE_SUGGESTIONS_MAX } from './places.service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Asks for city suggestions as a visitor (no session), optionally in a language. */
async function places(query: TEndpointInput<typeof geoApi.places>, lng?: string) {
  const res = await asMember(t.app, lng ? { i18n_redirected: lng } : {}).call(geoApi.places, query);
  expect(res.status).toBe(200);
  return res.body.places;
}

describe('GET /api/places.php (city suggestions, issue 31)', () => {
  it('finds a city by the start of its name without case or accents', async () => {
    expect(await places({ country: 'PL', q: 'Krak' })).toEqual([
      { city: 'Kraków', region_code: '12', region_name: 'Małopolskie' },
    ]);
    expect((await places({ country: 'PL', q: 'KRAKÓ' })).map((p) => p.city)).toEqual(['Kraków']);
    // Letters without a combining mark fold too: ł is typed as l.
    expect((await places({ country: 'PL', q: 'lodz' })).map((p) => p.city)).toEqual(['Łódź']);
  }, 30_000);

  it('matches umlauts typed with or without their dots alike', async () => {
    const plain = await places({ country: 'DE', q: 'munch' });
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((p) => p.city.startsWith('Münch'))).toBe(true);
    expect(await places({ country: 'DE', q: 'Münch' })).toEqual(plain);
  });

  it('finds cities the data spells in English by their local name, once, under the name typed', async () => {
    const [first] = await places({ country: 'DE', region_code: 'BY', q: 'münch' });
    expect(first).toMatchObject({ city: 'München', region_code: 'BY' });
    const mun = (await places({ country: 'DE', region_code: 'BY', q: 'Mun' })).map((p) => p.city);
    expect(mun).toContain('München');
    expect(mun).not.toContain('Munich');
    expect((await places({ country: 'DE', q: 'Munich' })).map((p) => p.city)).toEqual(['Munich']);
    expect((await places({ country: 'AT', q: 'wien' }))[0]).toMatchObject({ city: 'Wien', region_code: '9' });
  });

  it.each(Object.entries(PLACE_ALIASES))('knows the place behind the local names of %s', async (key, aliases) => {
    const [country, name] = key.split('|');
    const place = await locateCity(country, '', name);
    expect(place, key).not.toBeNull();
    for (const alias of aliases) {
      expect(await locateCity(country, place!.region_code ?? '', alias)).toEqual({ ...place, city: alias });
    }
  });

  it('lists places of the chosen region first, then the rest of the country, shorter names first', async () => {
    const anywhere = await places({ country: 'DE', q: 'münch' });
    const bavariaFirst = await places({ country: 'DE', region_code: 'BY', q: 'münch' });
    expect(new Set(bavariaFirst)).toEqual(new Set(anywhere));
    const regions = bavariaFirst.map((p) => p.region_code);
    const firstElsewhere = regions.findIndex((r) => r !== 'BY');
    expect(firstElsewhere).toBeGreaterThan(0);
    expect(regions.slice(firstElsewhere)).not.toContain('BY');
    const lengths = anywhere.map((p) => p.city.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    // The same question gets the same answer.
    expect(await places({ country: 'DE', region_code: 'BY', q: 'münch' })).toEqual(bavariaFirst);
  });

  it('keeps to the chosen country and names the region in the request language', async () => {
    expect(await places({ country: 'NL', q: 'Kraków' })).toEqual([]);
    const [berlin] = await places({ country: 'DE', region_code: 'BE', q: 'Berlin' }, 'de');
    expect(berlin).toEqual({ city: 'Berlin', region_code: 'BE', region_name: 'Berlin' });
  });

  it(`suggests at most ${PLACE_SUGGESTIONS_MAX} places`, async () => {
    expect(await places({ country: 'DE', q: 'b' })).toHaveLength(PLACE_SUGGESTIONS_MAX);
  });

  it.each([
    ['an empty q', 'country=PL&q='],
    ['a blank q', 'country=PL&q=%20%20'],
    ['a missing q', 'country=PL'],
    ['a q longer than a city', `country=PL&q=${'a'.repeat(CITY_MAX + 1)}`],
    ['a country not served', 'country=CZ&q=Praha'],
    ['a missing country', 'q=Krak'],
  ])('rejects %s as invalid_request', async (_name, query) => {
    const res = await t.app.inject({ url: `/api/places.php?${query}`, headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('GET /api/places.php rate limit', () => {
  it('answers rate_limited after 120 lookups a minute from one address', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
    try {
      const ask = () => asVisitor(limited.app).call(geoApi.places, { country: 'PL', q: 'K' });
      for (let i = 0; i < 120; i++) expect((await ask()).status).toBe(200);
      const res = await ask();
      expect(res.status).toBe(429);
      expect(res.error).toMatchObject({ error: 'rate_limited' });
    } finally {
      await limited.close();
    }
  }, 60_000);
});
