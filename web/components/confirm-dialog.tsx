import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface TConfirmRequest {
  /** The question, as the dialog's title (e.g. "Delete this conversation?"). */
  title: string;
  /** What happens, in a sentence or two; a price and the balance after it for paid actions. */
  body?: ReactNode;
  /** The confirming button's label; it names the action ("Delete", "Send for 20 credits"), never just "OK". */
  confirmLabel: string;
  /** `danger` for what cannot be undone (delete, block, withdraw); `primary` otherwise. */
  variant?: 'danger' | 'primary';
}

interface TPending extends TConfirmRequest {
  resolve: (isConfirmed: boolean) => void;
}

/**
 * The app's own confirmation dialog, in place of the browser's `confirm()`: translated, styled, keyboard accessible
 * (react-bootstrap Modal: focus kept inside, Escape cancels, focus returns to the button that opened it). The
 * cancelling button has focus first, so Enter on a destructive question does not destroy.
 *
 * const { confirm, dialog } = useConfirm();
 * if (!(await confirm({ title: t('chat.delete_confirm'), confirmLabel: t('chat.delete'), variant: 'danger' }))) return;
 * … and render {dialog} once in the component.
 */
export function useConfirm(): { confirm: (request: TConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  // The last request stays after it is answered, so its text remains on screen while the dialog fades out.
  const [pending, setPending] = useState<{ request: TPending; isOpen: boolean } | null>(null);
  const confirm = useCallback(
    (request: TConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setPending({ request: { ...request, resolve }, isOpen: true });
      }),
    [],
  );
  const settle = (isConfirmed: boolean) => {
    if (!pending?.isOpen) return;
    pending.request.resolve(isConfirmed);
    setPending({ ...pending, isOpen: false });
  };
  return {
    confirm,
    dialog: <ConfirmDialog shown={pending?.request ?? null} isOpen={pending?.isOpen ?? false} onSettle={settle} />,
  };
}

function ConfirmDialog({
  shown,
  isOpen,
  onSettle,
}: {
  shown: TPending | null;
  isOpen: boolean;
  onSettle: (isConfirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show={isOpen}
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
