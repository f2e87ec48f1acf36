/**
 * The logo's heart drawn inline (the favicon's shape), so it needs no symbol font and has its size before any font
 * loads (issue 32); decorative: the site name beside it is the link's text.
 */
export function BrandHeart() {
  return (
    <svg
      className="brand-mark"
      width="1em"
      height="1em"
      viewBox="12 14 40 38"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path d="M32 52S12 39.5 12 25.5C12 18.6 17.4 14 23.3 14c4 0 7 2.2 8.7 5 1.7-2.8 4.7-5 8.7-5C46.6 14 52 18.6 52 25.5 52 39.5 32 52 32 52z" />
    </svg>
  );
}
