import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '#common/constants.ts';
import { isInstalledApp } from '../lib/installed-app.ts';
import type { TRootData } from '../lib/root-data.ts';
import { readStored, writeStored } from '../lib/storage.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useRootData } from '../lib/use-root-data.ts';

/** Countries where the chat, lander and empty layouts show the entry warning (spec §2). */
export const ENTRY_WARNING_RESTRICTED = ['NL', 'DE'];

/** The attribute of <html> that says whether this browser sees the entry warning ('shown' or 'hidden'). */
export const ENTRY_WARNING_ATTRIBUTE = 'data-entry-warning';

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

/**
 * Makes everything but `element` and its ancestors inert (no focus, no clicks, hidden from screen readers), as a
 * modal dialog does; returns the function that gives the page back.
 */
function inertAround(element: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert && sibling.tagName !== 'SCRIPT') {
        sibling.inert = true;
        made.push(sibling);
      }
    }
  }
  return () => made.forEach((el) => (el.inert = false));
}

/**
 * The site-entry warning (spec §2 modals): shown once to logged-out visitors, who leave or confirm the minimum age
 * and enter; the dismissal time is stored in this browser. The server renders it wherever it applies, so a first
 * visit paints it with the page instead of after the JavaScript (it is the largest paint of a visitor's first page,
 * issue 32); the head script (web/shell/hidden-alerts-script.ts) marks <html data-entry-warning="hidden"> before the
 * first paint where this browser dismissed it or runs the installed app, and the stylesheet hides it there. Once
 * hydrated it is a modal dialog: the rest of the page is inert and focus starts on the enter button.
 */
export function SiteEntryWarning({ restricted = false }: { restricted?: boolean }) {
  const { t } = useTranslation();
  const root = useRootData();
  const applies = root ? shouldShowEntryWarning(root, { restricted, installed: false }) : false;
  const [show, setShow] = useState(applies);
  const isHydrated = useHydrated();
  const dialog = useRef<HTMLDivElement>(null);
  const enterButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!root) return;
    const decided =
      shouldShowEntryWarning(root, { restricted, installed: isInstalledApp() }) &&
      !readStored(STORAGE_KEYS.siteEntryDismissed);
    setShow(decided);
    // The decision is made on the client only; <html data-entry-warning> tells tests (and anyone debugging) it was made.
    document.documentElement.setAttribute(ENTRY_WARNING_ATTRIBUTE, decided ? 'shown' : 'hidden');
  }, [root, restricted]);

  useEffect(() => {
    if (!show || !isHydrated || !dialog.current) return;
    const release = inertAround(dialog.current);
    enterButton.current?.focus();
    return release;
  }, [show, isHydrated]);

  if (!root || !show) return null;
  const { site } = root;
  const enter = () => {
    writeStored(STORAGE_KEYS.siteEntryDismissed, String(Date.now()));
    document.documentElement.setAttribute(ENTRY_WARNING_ATTRIBUTE, 'hidden');
    setShow(false);
  };
  return (
    <div className="entry-warning" ref={dialog}>
      <div
        className="modal show d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby="entry-warning-title"
        tabIndex={-1}
      >
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id="entry-warning-title">
                {t('entry_warning.title')}
              </h2>
            </div>
            <div className="modal-body">
              <p>{t('entry_warning.body', { site: site.name, min_age: site.minAge })}</p>
              <p className="small text-body-secondary mb-0">{site.fictionalWarning}</p>
            </div>
            <div className="modal-footer">
              <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noopener noreferrer">
                {t('entry_warning.leave')}
              </a>
              {/* Entering stores the dismissal in this browser: it waits for the JavaScript (no click is lost). */}
              <button
                ref={enterButton}
                type="button"
                className="btn btn-primary"
                onClick={enter}
                disabled={!isHydrated}
              >
                {t('entry_warning.enter', { min_age: site.minAge })}
              </button>
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </div>
  );
}
