import { useEffect, useState } from 'react';

/** True when the site runs as an installed app (standalone display mode). */
export function isInstalledApp(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches || nav.standalone === true;
}

/** Installed-app mode, false during server render and hydration. */
export function useInstalledApp(): boolean {
  const [installed, setInstalled] = useState(false);
  useEffect(() => setInstalled(isInstalledApp()), []);
  return installed;
}
