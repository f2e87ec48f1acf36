/** A value with every Date turned into its ISO string (the wire shape of console answers). */
export type TIsoDates<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? TIsoDates<U>[]
    : T extends object
      ? { [K in keyof T]: TIsoDates<T[K]> }
      : T;

/** Turns every Date in a value into its ISO string, deeply (rows read from the database, for a JSON answer). */
export function isoDates<T>(value: T): TIsoDates<T> {
  if (value instanceof Date) return value.toISOString() as TIsoDates<T>;
  if (Array.isArray(value)) return value.map((v: unknown) => isoDates(v)) as TIsoDates<T>;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isoDates(v)])) as TIsoDates<T>;
  }
  return value as TIsoDates<T>;
}
