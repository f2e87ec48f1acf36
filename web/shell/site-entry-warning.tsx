import { useEffect, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '#common/constants.ts';
import { isInstalledApp } from '../lib/installed-app.ts';
import type { TRootData } from '../lib/root-data.ts';
import { readStored, writeStored } from '../lib/storage.ts';
import { useRootData } from '../lib/use-root-data.ts';

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
  const { t } = useTranslation();
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
  return (
    <Modal show={show} backdrop="static" keyboard={false} centered aria-labelledby="entry-warning-title">
      <Modal.Header>
        <Modal.Title id="entry-warning-title">{t('entry_warning.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('entry_warning.body', { site: root.site.name, min_age: root.site.minAge })}</p>
        <p className="small text-body-secondary mb-0">{root.site.fictionalWarning}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noopener noreferrer">
          {t('entry_warning.leave')}
        </a>
        <Button variant="primary" onClick={enter} autoFocus>
          {t('entry_warning.enter', { min_age: root.site.minAge })}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
