import { lazy, Suspense, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '#common/constants.ts';
import { isInstalledApp } from '../lib/installed-app.ts';
import type { TRootData } from '../lib/root-data.ts';
import { readStored, writeStored } from '../lib/storage.ts';
import { useRootData } from '../lib/use-root-data.ts';

/** The dialog: its own chunk, loaded only for the visitors who see it (issue 32). */
const EntryWarningDialog = lazy(() => import('./entry-warning-dialog.tsx'));

/** Countries where the chat, lander and empty layouts show the entry warning (spec §2). */
export const ENTRY_WARNING_RESTRICTED = ['NL', 'DE'];

/** Whether the site-entry warning applies to this visitor (spec §2 modals), before checking a stored dismissal. */
export function shouldShowEntryWarning(root: TRootData, opts: { restricted: boolean; installed: boolean }): boolean {
  if (root.user || opts.installed) return false;
  if (root.site.entryPopup === 'no') return false;
  // An unknown country (private network, no GeoIP match) errs on the side of showing the warning.
  const country = root.geoCountry;
  if (country && root.site.entryCountries.length > 0 && !root.site.entryCountries.includes(country)) return false;
  if (opts.restricted && !(country && ENTRY_WARNING_RESTRICTED.includes(country))) return false;
  return true;
}

/** The site-entry warning: shown once to logged-out visitors; the dismissal time is stored. */
export function SiteEntryWarning({ restricted = false }: { restricted?: boolean }) {
  const root = useRootData();
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (!root) return;
    const applies = shouldShowEntryWarning(root, { restricted, installed: isInstalledApp() });
    const decided = applies && !readStored(STORAGE_KEYS.siteEntryDismissed);
    setShow(decided);
    // The decision is made on the client only; <html data-entry-warning> tells tests (and anyone debugging) it was made.
    document.documentElement.dataset.entryWarning = decided ? 'shown' : 'hidden';
  }, [root, restricted]);

  if (!root) return null;
  const enter = () => {
    writeStored(STORAGE_KEYS.siteEntryDismissed, String(Date.now()));
    setShow(false);
  };
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <EntryWarningDialog site={root.site} onEnter={enter} />
    </Suspense>
  );
}
