import type { ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The activation reminder as a modal (phones arriving from signup, `ActivationReminder`), loaded when shown. */
export default function ActivationReminderDialog({
  show,
  onHide,
  children,
}: {
  show: boolean;
  onHide: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onHide} centered aria-label={t('alerts.activation.resend')}>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onHide}>
          {t('common.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
