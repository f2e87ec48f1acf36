import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_MAX_AGE_MS } from '#common/constants.ts';
import { createI18n } from '#common/i18n.ts';
import en from '#locales/en.json';
import { ApiError } from '#web/lib/api-client.ts';
import { GEOCODE_CACHE_KEY, readCachedGeocode, writeCachedGeocode } from './geocode-cache.ts';
import { GeolocationButton } from './geolocation-button.tsx';
import { fetchGeocode } from './geocode.api.ts';
import { findPlace, locateErrorKey } from './use-geolocation.ts';

const amsterdam = {
  country: 'NL',
  country_name: 'Netherlands',
  region_code: 'NH',
  region_name: 'Noord-Holland',
  city: 'Amsterdam',
};

function stubStorage() {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
  });
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('geocode cache (spec §9: geolocation cache max age 1 hour)', () => {
  it('answers from the cache for an hour, then no longer', () => {
    stubStorage();
    const t0 = 1_000_000;
    writeCachedGeocode(amsterdam, 'en', t0);
    expect(readCachedGeocode('en', t0 + GEOLOCATION_MAX_AGE_MS - 1)).toEqual(amsterdam);
    expect(readCachedGeocode('en', t0 + GEOLOCATION_MAX_AGE_MS)).toBeNull();
  });

  it('keeps city precision only and ignores another language or a broken entry', () => {
    const store = stubStorage();
    writeCachedGeocode(amsterdam, 'en', 5);
    expect(store.get(GEOCODE_CACHE_KEY)).not.toMatch(/lat|lon/);
    expect(readCachedGeocode('de', 6)).toBeNull();
    store.set(GEOCODE_CACHE_KEY, '{not json');
    expect(readCachedGeocode('en', 6)).toBeNull();
  });
});

describe('finding the place', () => {
  const position = { coords: { latitude: 52.373123, longitude: 4.892654 } } as GeolocationPosition;

  it('locates with a one-hour maximum age, geocodes, caches, and answers the next call from the cache', async () => {
    stubStorage();
    const getCurrentPosition = vi.fn(
      (ok: PositionCallback, _fail?: PositionErrorCallback | null, _options?: PositionOptions) => ok(position),
    );
    const geocode = vi.fn(async () => amsterdam);
    expect(await findPlace('en', { getCurrentPosition }, geocode)).toEqual(amsterdam);
    expect(getCurrentPosition.mock.calls[0][2]).toMatchObject({ maximumAge: GEOLOCATION_MAX_AGE_MS });
    expect(geocode).toHaveBeenCalledWith(52.373123, 4.892654);
    expect(await findPlace('en', { getCurrentPosition }, geocode)).toEqual(amsterdam);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geocode).toHaveBeenCalledTimes(1);
  });

  it('passes a refused permission on as the browser error', async () => {
    stubStorage();
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code: 1 } as GeolocationPositionError),
    );
    await expect(findPlace('en', { getCurrentPosition })).rejects.toMatchObject({ code: 1 });
  });

  it('sends the server the position rounded to about 100 m', async () => {
    stubStorage();
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(amsterdam), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchGeocode(52.373123, 4.892654)).toEqual(amsterdam);
    expect(fetch.mock.calls[0][0]).toBe('/api/geocode.php?lat=52.373&lon=4.893');
  });
});

describe('locate errors', () => {
  it('names the reason locating failed', () => {
    expect(locateErrorKey({ code: 1 })).toBe('location.errors.denied');
    expect(locateErrorKey({ code: 2 })).toBe('location.errors.unavailable');
    expect(locateErrorKey({ code: 3 })).toBe('location.errors.timeout');
    expect(locateErrorKey(new ApiError({ code: 'location_not_found', message: 'x', status: 404 }))).toBe(
      'errors.location_not_found',
    );
  });
});

describe('geolocation button (server render)', () => {
  it('shows the button, disabled until hydrated, with a live status region', () => {
    const i18n = createI18n('en', en);
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <GeolocationButton onLocated={() => {}} />
      </I18nextProvider>,
    );
    expect(html).toContain(i18n.t('location.use_my_location'));
    expect(html).toMatch(/<button type="button"[^>]*disabled/);
    expect(html).toMatch(/role="status" aria-live="polite"/);
  });
});
