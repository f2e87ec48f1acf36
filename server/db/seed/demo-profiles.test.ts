import { allCountries } from 'country-region-data';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_LOCALES } from '#common/locales.ts';
import { INTEREST_KEYS } from '#common/profile-attributes.ts';
import { renderDemoAvatar } from './demo-avatar.ts';
import { DEMO_PLACES } from './demo-places.ts';
import { ageAt, demoNiches, generateDemoProfiles } from './demo-profiles.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const SEED = 20261122;
const profiles = generateDemoProfiles(300, SEED, NOW);

/** Region [name, shortCode] pairs of one country in the installed country-region-data. */
function regionsOf(country: string): [string, string][] {
  return allCountries.find(([, slug]) => slug === country)?.[2] ?? [];
}

describe('generateDemoProfiles', () => {
  it('is deterministic for the same (count, seed, now) and varies with the seed', () => {
    expect(generateDemoProfiles(300, SEED, NOW)).toEqual(profiles);
    expect(generateDemoProfiles(300, SEED + 1, NOW)).not.toEqual(profiles);
    expect(profiles).toHaveLength(300);
  });

  it('gives every profile a unique name (case-insensitive)', () => {
    const names = profiles.map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const p of profiles) expect(p.name.trim()).toBe(p.name);
  });

  it('spreads profiles over all 19 countries with a visible locale', () => {
    expect(new Set(profiles.map((p) => p.country))).toEqual(new Set(COUNTRIES));
    for (const p of profiles) expect(COUNTRY_LOCALES[p.country]).toContain(p.locale);
    const mainLocale = profiles.filter((p) => p.locale === COUNTRY_LOCALES[p.country][0]).length;
    expect(mainLocale).toBeGreaterThan(240);
  });

  it('has about 60% women and about 30% fictional profiles', () => {
    const women = profiles.filter((p) => p.gender === 'female').length;
    expect(women).toBe(180);
    const fictional = profiles.filter((p) => p.isFictional).length;
    expect(fictional).toBeGreaterThan(60);
    expect(fictional).toBeLessThan(120);
  });

  it('fills every niche 2..7 with the required minimum and computes niches consistently', () => {
    const count = (niche: number) => profiles.filter((p) => p.niches.includes(niche)).length;
    for (const niche of [2, 3, 4, 5, 6]) expect(count(niche), `niche ${niche}`).toBeGreaterThanOrEqual(12);
    expect(count(7)).toBeGreaterThanOrEqual(20);
    for (const p of profiles) {
      expect(p.niches).toContain(1);
      expect(p.niches).toEqual(demoNiches(p, ageAt(p.birthDate, NOW)));
    }
  });

  it('keeps ages within 18..75, mostly 22..55', () => {
    for (const p of profiles) {
      expect(p.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const age = ageAt(p.birthDate, NOW);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(75);
    }
    const core = profiles.filter((p) => ageAt(p.birthDate, NOW) >= 22 && ageAt(p.birthDate, NOW) <= 55).length;
    expect(core / profiles.length).toBeGreaterThan(0.7);
  });

  it('uses region/regionCode/city triples that exist in country-region-data and the curated places', () => {
    for (const p of profiles) {
      expect(regionsOf(p.country), `${p.country} ${p.region}`).toContainEqual([p.region, p.regionCode]);
      const place = DEMO_PLACES.find((d) => d.country === p.country && d.city === p.city);
      expect(place, p.city).toMatchObject({ region: p.region, regionCode: p.regionCode });
    }
  });

  it('writes non-empty about-me texts without leftover placeholders and valid attributes', () => {
    for (const p of profiles) {
      expect(p.aboutMe.length).toBeGreaterThan(10);
      expect(p.aboutMe).not.toMatch(/[{}[\]|]/);
      expect(p.interests.length).toBeGreaterThanOrEqual(3);
      expect(p.interests.length).toBeLessThanOrEqual(8);
      expect(new Set(p.interests).size).toBe(p.interests.length);
      for (const i of p.interests) expect(INTEREST_KEYS).toContain(i);
      expect(Number.isInteger(p.avatarSeed)).toBe(true);
      expect(p.heightCm).toBeGreaterThanOrEqual(148);
      expect(p.heightCm).toBeLessThanOrEqual(205);
    }
    expect(new Set(profiles.map((p) => p.aboutMe)).size).toBeGreaterThan(280);
  });
});

describe('DEMO_PLACES', () => {
  it('lists at least 8 cities per country, each with an exact country-region-data region', () => {
    for (const country of COUNTRIES) {
      const places = DEMO_PLACES.filter((p) => p.country === country);
      expect(places.length, country).toBeGreaterThanOrEqual(8);
      expect(new Set(places.map((p) => p.region)).size, country).toBeGreaterThanOrEqual(3);
    }
    for (const place of DEMO_PLACES) {
      expect(regionsOf(place.country), place.city).toContainEqual([place.region, place.regionCode]);
      expect(Math.round(place.lat * 100) / 100).toBe(place.lat);
      expect(Math.round(place.lon * 100) / 100).toBe(place.lon);
    }
    expect(new Set(DEMO_PLACES.map((p) => `${p.country}/${p.city}`)).size).toBe(DEMO_PLACES.length);
  });
});

describe('renderDemoAvatar', () => {
  it('returns a valid square JPEG of the requested size', async () => {
    const [a, b] = await Promise.all([renderDemoAvatar(profiles[0], 320), renderDemoAvatar(profiles[1], 200)]);
    const meta = await sharp(a).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(320);
    expect((await sharp(b).metadata()).width).toBe(200);
    expect(a.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });
});
