/** C0 control characters and DEL: browsers drop tabs and newlines inside URLs, and CR/LF/NUL break a Location header. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/g;

/**
 * Where to send a visitor back to (a `redirect` query value): a path on `origin`, or `fallback`. The value counts only
 * when, with control characters removed, `new URL(value, origin)` stays on `origin`; the answer is the parsed path,
 * never the raw value, so no tab, backslash or CR/LF variant (`/%09/evil.example`, `/\evil`, `/%0d%0a//evil`) can
 * reach another site or a Location header.
 */
export function safeRedirect(value: string | null | undefined, origin: string, fallback: string): string {
  const cleaned = value?.replace(CONTROL_CHARACTERS, '').trim();
  if (!cleaned) return fallback;
  let target: URL;
  try {
    target = new URL(cleaned, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin) return fallback;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // A path that starts with two slashes (`/.//evil.example` parses to `//evil.example`) is another host in a Location.
  return path.startsWith('//') ? fallback : path;
}
