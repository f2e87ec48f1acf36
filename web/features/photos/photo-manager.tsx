import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { PREMIUM_PHOTO_LIMIT } from '#common/constants.ts';
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, type TPhoto } from '#common/photos.ts';
import type { TPhotosResponse } from '#common/wire/photos.ts';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { Photo } from '#web/components/photo.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { url } from '#web/lib/url.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { arrangePhotos, deletePhoto, uploadPhoto } from './photos.api.ts';

type TUpload = { name: string; fraction: number };

/** The images overview of profile settings (spec §2): upload, choose the main photo, reorder and delete. */
export function PhotoManager({ initial, isPremium }: { initial: TPhotosResponse; isPremium: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [upload, setUpload] = useState<TUpload | null>(null);
  const { run, busy, error, setError } = useAsyncAction();
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const isHydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const { confirm, dialog } = useConfirm();
  // The main image shows in the navigation and decides the missing-photo warning: refresh the page data after changes.
  const revalidator = useRevalidator();
  const { photos, limit } = state;
  const full = photos.length >= limit;

  const describe = (err: unknown) =>
    err instanceof ApiError
      ? t(`errors.${err.code}`, { ...(err.data as Record<string, unknown>), defaultValue: t('errors.error_occurred') })
      : t('errors.error_occurred');

  const uploadFiles = async (files: File[]) => {
    setError(null);
    let current = state;
    for (const file of files) {
      if (current.photos.length >= current.limit) {
        setError(t('errors.photo_limit_reached', { limit: current.limit }));
        break;
      }
      if (file.size > PHOTO_MAX_BYTES) {
        setError(
          `${file.name}: ${t('errors.photo_too_large', { max_mb: PHOTO_MAX_BYTES / 1024 / 1024, max_mp: PHOTO_MAX_PIXELS / 1e6 })}`,
        );
        continue;
      }
      setUpload({ name: file.name, fraction: 0 });
      try {
        current = await uploadPhoto(file, (fraction) => setUpload({ name: file.name, fraction }));
        setState(current);
        setStatus(t('photos.uploaded', { name: file.name }));
      } catch (err) {
        setError(`${file.name}: ${describe(err)}`);
      }
    }
    setUpload(null);
    void revalidator.revalidate();
  };

  const change = (work: () => Promise<TPhotosResponse>, done: string) =>
    run(
      async () => {
        setState(await work());
        setStatus(done);
        void revalidator.revalidate();
      },
      { error: describe },
    );
  const makeMain = (photo: TPhoto) => change(() => arrangePhotos({ main_photo_id: photo.id }), t('photos.main_set'));
  // The main photo always comes first (it is the one others see first); the others are ordered around it.
  const move = (index: number, by: -1 | 1) => {
    const order = photos.map((p) => p.id);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    return change(() => arrangePhotos({ order }), t('photos.moved'));
  };
  const remove = async (photo: TPhoto, n: number) => {
    const isConfirmed = await confirm({
      title: t('photos.delete_confirm'),
      confirmLabel: t('photos.delete'),
      variant: 'danger',
    });
    if (isConfirmed) void change(() => deletePhoto(photo.id), t('photos.deleted', { n }));
  };

  return (
    <section className="card shadow-sm mb-4" aria-labelledby="photos-title">
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-baseline flex-wrap gap-2 mb-3">
          <h2 id="photos-title" className="h5 mb-0">
            {t('photos.title')}
          </h2>
          <span className="text-body-secondary small">{t('photos.count', { count: photos.length, limit })}</span>
        </div>
        {photos.length === 0 ? <p className="text-body-secondary">{t('photos.empty')}</p> : null}
        <ul className="row g-3 list-unstyled mb-3" aria-label={t('photos.title')}>
          {photos.map((photo, i) => (
            <li key={photo.id} className="col-6 col-sm-4 col-lg-3">
              <div className={`card h-100 ${photo.is_main ? 'border-primary' : ''}`}>
                <div className="position-relative">
                  {/* Columns of 2, 3 then 4 in the settings card: about half, a third, then a quarter of it. */}
                  <Photo
                    image={photo}
                    kind="thumb"
                    sizes="(min-width: 992px) 200px, (min-width: 576px) 30vw, 45vw"
                    alt={t('profile.photo_n', { n: i + 1 })}
                    className="card-img-top h-auto"
                    style={{ aspectRatio: '1', objectFit: 'cover' }}
                  />
                  {photo.is_main ? (
                    <span className="badge text-bg-primary position-absolute top-0 start-0 m-2">
                      {t('photos.main')}
                    </span>
                  ) : null}
                  {photo.in_review ? (
                    <span
                      className="badge text-bg-warning position-absolute top-0 start-0 m-2"
                      title={t('photos.in_review_hint')}
                    >
                      {t('photos.in_review')}
                    </span>
                  ) : null}
                </div>
                <div className="card-body p-2 d-flex flex-wrap gap-1 justify-content-center">
                  {!photo.is_main && !photo.in_review ? (
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      disabled={!isHydrated || busy}
                      onClick={() => void makeMain(photo)}
                    >
                      {t('photos.make_main')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    disabled={!isHydrated || busy || i === 0 || photos[i - 1].is_main}
                    onClick={() => void move(i, -1)}
                    aria-label={t('photos.move_earlier', { n: i + 1 })}
                    title={t('photos.move_earlier', { n: i + 1 })}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-secondary btn-sm"
                    disabled={!isHydrated || busy || i === photos.length - 1 || photo.is_main}
                    onClick={() => void move(i, 1)}
                    aria-label={t('photos.move_later', { n: i + 1 })}
                    title={t('photos.move_later', { n: i + 1 })}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    disabled={!isHydrated || busy}
                    onClick={() => void remove(photo, i + 1)}
                    aria-label={t('photos.delete_n', { n: i + 1 })}
                  >
                    {t('photos.delete')}
                  </button>
                </div>
              </div>
            </li>
          ))}
          {!full ? (
            <li className="col-6 col-sm-4 col-lg-3">
              <label
                className={`photo-drop d-flex flex-column align-items-center justify-content-center text-center h-100 rounded border border-2 p-3 ${dragging ? 'border-primary bg-primary-subtle' : 'border-secondary-subtle'}`}
                style={{ borderStyle: 'dashed', minHeight: 160, cursor: upload ? 'progress' : 'pointer' }}
                onDragOver={(e) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={(e) => {
                  e.preventDefault();
                  setDragging(false);
                  if (!upload) void uploadFiles([...e.dataTransfer.files]);
                }}
              >
                <span className="fs-2" aria-hidden="true">
                  +
                </span>
                <span className="fw-semibold">{t('photos.add')}</span>
                {/* Touch screens cannot drag a file here: they are told to tap (.hint-touch, web/styles/_match.scss). */}
                <span className="small text-body-secondary hint-pointer">{t('photos.hint')}</span>
                <span className="small text-body-secondary hint-touch">{t('photos.hint_touch')}</span>
                <input
                  ref={input}
                  type="file"
                  accept={PHOTO_ACCEPT}
                  multiple
                  className="visually-hidden"
                  disabled={Boolean(upload) || !isHydrated}
                  onChange={(e) => {
                    const files = [...(e.target.files ?? [])];
                    e.target.value = '';
                    void uploadFiles(files);
                  }}
                />
              </label>
            </li>
          ) : null}
        </ul>
        {upload ? (
          <div className="mb-3">
            <div className="small mb-1">{t('photos.uploading', { name: upload.name })}</div>
            <div
              className="progress"
              role="progressbar"
              aria-label={t('photos.uploading', { name: upload.name })}
              aria-valuenow={Math.round(upload.fraction * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className="progress-bar progress-bar-striped progress-bar-animated"
                style={{ width: `${Math.max(5, upload.fraction * 100)}%` }}
              />
            </div>
          </div>
        ) : null}
        {error ? (
          <div className="alert alert-danger py-2" role="alert">
            {error}
          </div>
        ) : null}
        {full ? (
          <div className="alert alert-info py-2 d-flex flex-wrap align-items-center gap-2" role="status">
            <span>
              {isPremium
                ? t('photos.full_premium', { limit })
                : t('photos.full_free', { limit, premium_limit: PREMIUM_PHOTO_LIMIT })}
            </span>
            {!isPremium ? (
              <Link className="btn btn-primary btn-sm" to={url('premium')}>
                {t('nav.get_premium')}
              </Link>
            ) : null}
          </div>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {status}
        </p>
      </div>
      {dialog}
    </section>
  );
}
