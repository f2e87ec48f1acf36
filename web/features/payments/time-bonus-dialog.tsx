import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { url } from '#web/lib/url.ts';
import { Countdown } from './time-bonus.tsx';

/**
 * The welcome-bonus modal (spec §2, §4) itself, loaded when the popup first opens (issue 32: react-bootstrap's
 * Modal stays out of what a members' page loads before it is interactive). `TimeBonusPopup` decides when.
 */
export default function TimeBonusDialog({
  show,
  onHide,
  percentage,
  secondsLeft,
}: {
  show: boolean;
  onHide: () => void;
  percentage: number;
  secondsLeft: number;
}) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="time-bonus-title" className="time-bonus-modal">
      <Modal.Header closeButton closeLabel={t('alerts.dismiss')}>
        <Modal.Title id="time-bonus-title" as="h2" className="h5">
          {t('time_bonus.modal_title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="time-bonus-percent display-3 fw-bold mb-0">{percentage}%</p>
        <p className="lead">{t('time_bonus.modal_discount')}</p>
        <p>{t('time_bonus.modal_urgency')}</p>
        <p className="fs-4 mb-0">
          <Countdown seconds={secondsLeft} />
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Link className="btn btn-primary w-100" to={url('credits')} onClick={onHide}>
          {t('time_bonus.cta', { percent: percentage })}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
