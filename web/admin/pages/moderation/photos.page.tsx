import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASONS } from '#common/moderation.ts';
import { adminModerationApi, type TReviewPhoto } from '#common/wire/admin/moderation.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** One photo waiting for review: approve it, or reject it with a reason (the member is told in their language). */
function ReviewCard({ photo, onDone }: { photo: TReviewPhoto; onDone: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const act = useAsyncAction();
  const [reason, setReason] = useState<(typeof MODERATION_REASONS)[number]>(MODERATION_REASONS[0]);
  const decide = (approve: boolean) =>
    void act.run(async () => {
      if (approve) await api.call(adminModerationApi.approvePhoto, { photoId: photo.id });
      else await api.call(adminModerationApi.rejectPhoto, { photoId: photo.id, reason });
      onDone();
    });
  return (
    <li className="col">
      <figure className="card h-100 mb-0">
        <img
          src={photo.thumb_filename}
          alt={t('moderation.photo_of', { name: photo.profileName })}
          className="card-img-top"
        />
        <figcaption className="card-body p-2 small">
          <div className="fw-semibold text-break">
            {photo.profileName} (#{photo.profileId})
          </div>
          <div className="text-body-secondary">
            {siteName(photo.siteId)} · {new Date(photo.createdAt).toLocaleString(i18n.language)}
          </div>
          <div className="d-grid gap-1 mt-2">
            <button
              type="button"
              className="btn btn-sm btn-success"
              disabled={!isHydrated || act.busy}
              onClick={() => decide(true)}
            >
              {t('moderation.approve')}
            </button>
            <label className="visually-hidden" htmlFor={`reject-reason-${photo.id}`}>
              {t('moderation.reason')}
            </label>
            <select
              id={`reject-reason-${photo.id}`}
              className="form-select form-select-sm"
              value={reason}
              onChange={(e) => setReason(e.target.value as (typeof MODERATION_REASONS)[number])}
            >
              {MODERATION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`moderation.decision_reasons.${r}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={!isHydrated || act.busy}
              onClick={() => decide(false)}
            >
              {t('moderation.reject')}
            </button>
          </div>
          {act.error ? (
            <div className="text-danger mt-1" role="alert">
              {act.error}
            </div>
          ) : null}
        </figcaption>
      </figure>
    </li>
  );
}

/** Photo review (moderators): photos waiting for approval (pre-moderation) or not reviewed yet, oldest first. */
export default function AdminPhotoReviewPage() {
  const { t } = useTranslation('admin');
  const load = useAsyncAction();
  const [photos, setPhotos] = useState<{ rows: TReviewPhoto[]; total: number } | null>(null);
  const refresh = useCallback(
    () => void load.run(async () => setPhotos(await api.call(adminModerationApi.photos, {}))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [],
  );
  useEffect(refresh, [refresh]);
  return (
    <>
      <title>{t('moderation.photos_title')}</title>
      <h1 className="h3 mb-3">{t('moderation.photos_title')}</h1>
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}
        </div>
      ) : photos === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : photos.rows.length === 0 ? (
        <p className="text-body-secondary">{t('moderation.photos_empty')}</p>
      ) : (
        <>
          <p className="small text-body-secondary">{t('moderation.total', { n: photos.total })}</p>
          <ul
            className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-xl-5 g-3"
            aria-label={t('moderation.photos_title')}
          >
            {photos.rows.map((p) => (
              <ReviewCard key={p.id} photo={p} onDone={refresh} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
