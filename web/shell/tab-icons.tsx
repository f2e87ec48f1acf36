/** Outline icons of the bottom tab bar (24×24, drawn with the text colour; decorative: each tab has its label). */
const PATHS = {
  search:
    'M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z',
  swipe:
    'M8 3h8a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm0 2v14h8V5H8Zm4 3.2c.9-1 2.9-.7 2.9 1.1 0 1.6-2.2 3-2.9 3.7-.7-.7-2.9-2.1-2.9-3.7 0-1.8 2-2.1 2.9-1.1ZM2 7h2v10H2V7Zm18 0h2v10h-2V7Z',
  likes:
    'M12 20.5 10.6 19.2C5.4 14.5 2 11.4 2 7.6 2 4.5 4.4 2 7.5 2c1.7 0 3.4.8 4.5 2.1A6 6 0 0 1 16.5 2C19.6 2 22 4.5 22 7.6c0 3.8-3.4 6.9-8.6 11.6L12 20.5Zm0-2.7c4.8-4.3 8-7.2 8-10.2C20 5.6 18.5 4 16.5 4c-1.5 0-3 1-3.6 2.4h-1.8C10.5 5 9 4 7.5 4 5.5 4 4 5.6 4 7.6c0 3 3.2 5.9 8 10.2Z',
  messages:
    'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2Zm1 2v12.8L7.3 16H20V5H5Zm2 3h10v2H7V8Zm0 4h7v2H7v-2Z',
  profile:
    'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm0 10c4.4 0 8 2.2 8 5v3H4v-3c0-2.8 3.6-5 8-5Zm0 2c-3.5 0-6 1.6-6 3v1h12v-1c0-1.4-2.5-3-6-3Z',
} as const;

export type TTabIcon = keyof typeof PATHS;

export function TabIcon({ name }: { name: TTabIcon }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}
