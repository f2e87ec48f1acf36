import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TRootData } from '../lib/root-data.ts';

/** The site-entry warning's dialog (spec §2 modals): leave, or confirm the minimum age and enter. */
export default function EntryWarningDialog({ site, onEnter }: { site: TRootData['site']; onEnter: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show backdrop="static" keyboard={false} centered aria-labelledby="entry-warning-title">
      <Modal.Header>
        <Modal.Title id="entry-warning-title">{t('entry_warning.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('entry_warning.body', { site: site.name, min_age: site.minAge })}</p>
        <p className="small text-body-secondary mb-0">{site.fictionalWarning}</p>
      </Modal.Body>
      <Modal.Footer>
        <a className="btn btn-outline-secondary" href="https://www.google.com/" rel="noopener noreferrer">
          {t('entry_warning.leave')}
        </a>
        <Button variant="primary" onClick={onEnter} autoFocus>
          {t('entry_warning.enter', { min_age: site.minAge })}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
