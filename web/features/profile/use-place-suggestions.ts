import { useEffect, useState } from 'react';
import { fetchPlaces, type TPlaceSuggestion } from './places.api.ts';

/** How long typing must pause before suggestions are asked for, in ms. */
export const PLACE_SUGGESTIONS_DEBOUNCE_MS = 150;
/** Answers kept for going back and forth while typing. */
const CACHE_SIZE = 50;

const cache = new Map<string, TPlaceSuggestion[]>();

/**
 * What the city field shows under the input: the places last found (kept while the next answer is on its way, so the
 * list does not flicker) and whether nothing was asked, an answer is awaited, it came, or none came (offline).
 */
export interface TSuggestions {
  status: 'idle' | 'loading' | 'done' | 'failed';
  places: TPlaceSuggestion[];
}

/**
 * Suggested cities for what the member typed (null: nothing typed since the field was filled or a city picked),
 * asked once typing pauses; a newer question cancels the one still under way.
 */
export function usePlaceSuggestions(country: string, regionCode: string, typed: string | null): TSuggestions {
  const q = typed?.trim() ?? '';
  const key = `${country}|${regionCode}|${q.toLowerCase()}`;
  const [answer, setAnswer] = useState<{ key: string; status: 'done' | 'failed'; places: TPlaceSuggestion[] }>({
    key: '',
    status: 'done',
    places: [],
  });
  useEffect(() => {
    if (!q || !country || cache.has(key)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchPlaces({ country, region_code: regionCode, q }, controller.signal).then(
        (places) => {
          cache.set(key, places);
          if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
          setAnswer({ key, status: 'done', places });
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ key, status: 'failed', places: [] });
        },
      );
    }, PLACE_SUGGESTIONS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [country, regionCode, q, key]);
  if (!q || !country) return { status: 'idle', places: [] };
  const cached = cache.get(key);
  if (cached) return { status: 'done', places: cached };
  if (answer.key === key) return { status: answer.status, places: answer.places };
  // Typing on keeps the shorter name's places in view meanwhile; anything else starts afresh.
  return { status: 'loading', places: key.startsWith(answer.key) ? answer.places : [] };
}
