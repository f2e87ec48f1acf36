import { useId, useRef } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TPending } from './confirm-dialog.tsx';

/** The modal of `useConfirm` (confirm-dialog.tsx), loaded when the first question is asked. */
export default function ConfirmDialog({
  shown,
  show,
  onSettle,
}: {
  shown: TPending | null;
  show: boolean;
  onSettle: (isConfirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show={show}
      onHide={() => onSettle(false)}
      onEntered={() => cancelRef.current?.focus()}
      centered
      aria-labelledby={`${id}-title`}
      aria-describedby={shown?.body ? `${id}-body` : undefined}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" className="h5" id={`${id}-title`}>
          {shown?.title}
        </Modal.Title>
      </Modal.Header>
      {shown?.body ? <Modal.Body id={`${id}-body`}>{shown.body}</Modal.Body> : null}
      <Modal.Footer>
        <button ref={cancelRef} type="button" className="btn btn-outline-secondary" onClick={() => onSettle(false)}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={`btn btn-${shown?.variant ?? 'primary'}`}
          data-testid="confirm-dialog-ok"
          onClick={() => onSettle(true)}
        >
          {shown?.confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
