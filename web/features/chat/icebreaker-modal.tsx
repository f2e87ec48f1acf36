import type { RefObject } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Suggested openers of the icebreaker modal (catalogue keys chat.icebreaker.openers.*). */
const OPENERS = ['o1', 'o2', 'o3', 'o4', 'o5'] as const;

/** Suggested first messages; the chosen one goes into the message field, which then has the focus. */
export function IcebreakerModal({
  show,
  otherName,
  onPick,
  onHide,
  textarea,
}: {
  show: boolean;
  otherName: string;
  onPick: (opener: string) => void;
  onHide: () => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      aria-labelledby="icebreaker-title"
      // Focus goes to the message field after an opener is chosen, not back to the button.
      restoreFocus={false}
      onExited={() => textarea.current?.focus()}
    >
      <Modal.Header closeButton closeLabel={t('alerts.dismiss')}>
        <Modal.Title id="icebreaker-title" as="h2" className="h5">
          {t('chat.icebreaker.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="list-group">
          {OPENERS.map((key) => {
            const opener = t(`chat.icebreaker.openers.${key}`, { name: otherName });
            return (
              <button
                key={key}
                type="button"
                className="list-group-item list-group-item-action"
                onClick={() => onPick(opener)}
              >
                {opener}
              </button>
            );
          })}
        </div>
      </Modal.Body>
    </Modal>
  );
}
