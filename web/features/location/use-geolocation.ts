import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GEOLOCATION_MAX_AGE_MS } from '#common/constants.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { readCachedGeocode, writeCachedGeocode } from './geocode-cache.ts';
import { fetchGeocode, type TGeocode } from './geocode.api.ts';

/** Geolocation permission (spec §4): unsupported, unknown, or the browser's state. */
export type TGeolocationPermission = 'unsupported' | 'unknown' | PermissionState;

export type TGeolocationStatus = 'idle' | 'locating' | 'error';

/** How long the browser may search for a position before giving up, in ms. */
const POSITION_TIMEOUT_MS = 20_000;

/** The catalogue key explaining why locating failed. */
export function locateErrorKey(err: unknown): string {
  if (err instanceof ApiError) return `errors.${err.code}`;
  const code = (err as { code?: unknown } | null)?.code;
  // GeolocationPositionError codes: 1 permission denied, 2 position unavailable, 3 timeout.
  if (code === 1) return 'location.errors.denied';
  if (code === 3) return 'location.errors.timeout';
  return 'location.errors.unavailable';
}

/** The place of the browser's position: from the one-hour cache, else located, reverse geocoded and cached. */
export async function findPlace(
  lng: string,
  geolocation: Pick<Geolocation, 'getCurrentPosition'> = navigator.geolocation,
  geocode: typeof fetchGeocode = fetchGeocode,
): Promise<TGeocode> {
  const cached = readCachedGeocode(lng);
  if (cached) return cached;
  const position = await new Promise<GeolocationPosition>((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: POSITION_TIMEOUT_MS,
    }),
  );
  const place = await geocode(position.coords.latitude, position.coords.longitude);
  writeCachedGeocode(place, lng);
  return place;
}

/**
 * Browser geolocation reverse geocoded by `/api/geocode.php`: the permission state (followed live), a status,
 * a translated error, and `locate()`, which answers from the one-hour cache when it can.
 */
export function useGeolocation() {
  const { t, i18n } = useTranslation();
  const [permission, setPermission] = useState<TGeolocationPermission>('unknown');
  const [isReady, setIsReady] = useState(false);
  const [place, setPlace] = useState<TGeocode | null>(null);
  const { run, busy, error } = useAsyncAction();

  useEffect(() => {
    setIsReady(true);
    if (!('geolocation' in navigator)) {
      setPermission('unsupported');
      return;
    }
    let watched: PermissionStatus | null = null;
    let cancelled = false;
    const follow = () => watched && setPermission(watched.state);
    // Safari before 16 has no Permissions API; the state then stays unknown until the browser asks.
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        if (cancelled) return;
        watched = s;
        follow();
        s.addEventListener('change', follow);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      watched?.removeEventListener('change', follow);
    };
  }, []);

  const locate = useCallback(async (): Promise<TGeocode | null> => {
    if (permission === 'unsupported') return null;
    const found = await run(
      async () => {
        const result = await findPlace(i18n.language);
        setPlace(result);
        return result;
      },
      {
        error: (err) => {
          const key = locateErrorKey(err);
          if (key === 'location.errors.denied') setPermission('denied');
          return t(key);
        },
      },
    );
    return found ?? null;
  }, [permission, i18n.language, run, t]);

  const status: TGeolocationStatus = busy ? 'locating' : error ? 'error' : 'idle';
  return { permission, isReady, status, error, place, locate };
}
