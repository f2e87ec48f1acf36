/** Upper bounds of the distance buckets shown to other members, in km (never exact distances). */
export const DISTANCE_BUCKETS_KM = [5, 10, 25, 50, 100, 250, 500] as const;

/** The bucket a distance falls in: the smallest bound at or above it, or null beyond the last. */
export function distanceBucket(km: number): number | null {
  return DISTANCE_BUCKETS_KM.find((bound) => km <= bound) ?? null;
}
