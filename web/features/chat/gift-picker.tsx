import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { GIFTS, giftImage, type TGiftId } from '#common/gifts.ts';

/** The gift catalogue as a grid of buttons (spec §3 message kind gift); every gift costs the site's gift_credits. */
export function GiftPicker(props: {
  show: boolean;
  name: string;
  price: number;
  onPick: (gift: TGiftId) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal show={props.show} onHide={props.onHide} centered aria-labelledby="gift-title">
      <Modal.Header closeButton closeLabel={t('alerts.dismiss')}>
        <Modal.Title id="gift-title" as="h2" className="h5">
          {t('chat.gift_title', { name: props.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('chat.gift_price', { count: props.price })}</p>
        <div className="row row-cols-3 row-cols-sm-4 g-2">
          {GIFTS.map((gift) => (
            <div className="col" key={gift}>
              <button
                type="button"
                className="btn btn-outline-secondary w-100 h-100 d-flex flex-column align-items-center p-2"
                onClick={() => props.onPick(gift)}
              >
                <img src={giftImage(gift)} alt="" width={56} height={56} />
                <span className="small mt-1">{t(`gifts.${gift}`)}</span>
              </button>
            </div>
          ))}
        </div>
      </Modal.Body>
    </Modal>
  );
}
