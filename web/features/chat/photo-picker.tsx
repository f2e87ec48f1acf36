import { useEffect, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT, type TPhoto } from '#common/photos.ts';
import { fetchPhotos } from '../photos/photos.api.ts';

export type TPhotoChoice = { photoId: string; preview: string } | { file: File; preview: string };

/** Picks a photo to send: one of the member's own profile photos, or a new upload (spec §3 message kind photo). */
export function PhotoPicker(props: {
  show: boolean;
  name: string;
  price: number;
  onPick: (choice: TPhotoChoice) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<TPhoto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { show } = props;
  useEffect(() => {
    if (!show) return;
    let cancelled = false;
    setFailed(false);
    fetchPhotos()
      .then((answer) => {
        if (!cancelled) setPhotos(answer.photos);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [show]);
  return (
    <Modal show={props.show} onHide={props.onHide} centered aria-labelledby="photo-pick-title">
      <Modal.Header closeButton closeLabel={t('alerts.dismiss')}>
        <Modal.Title id="photo-pick-title" as="h2" className="h5">
          {t('chat.photo_title', { name: props.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('chat.photo_cost', { count: props.price })}</p>
        <h3 className="h6">{t('chat.photo_mine')}</h3>
        {failed ? (
          <p className="text-danger small" role="alert">
            {t('errors.error_occurred')}
          </p>
        ) : photos === null ? (
          <div className="text-center py-3">
            <span className="spinner-border spinner-border-sm" role="status">
              <span className="visually-hidden">{t('common.loading')}</span>
            </span>
          </div>
        ) : photos.length === 0 ? (
          <p className="small">{t('chat.photo_none')}</p>
        ) : (
          <div className="row row-cols-3 g-2 mb-3">
            {photos.map((p) => (
              <div className="col" key={p.id}>
                <button
                  type="button"
                  className="btn p-0 border-0 w-100"
                  onClick={() => props.onPick({ photoId: p.id, preview: p.thumb_filename })}
                >
                  <img
                    src={p.thumb_filename}
                    alt={t('chat.photo_choose')}
                    className="img-fluid rounded-2 w-100"
                    style={{ aspectRatio: '1', objectFit: 'cover' }}
                  />
                </button>
              </div>
            ))}
          </div>
        )}
        <label className="btn btn-primary w-100 mb-0">
          {t('chat.photo_upload')}
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            className="visually-hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) props.onPick({ file, preview: URL.createObjectURL(file) });
            }}
          />
        </label>
      </Modal.Body>
    </Modal>
  );
}
