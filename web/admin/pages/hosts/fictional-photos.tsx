import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fictionalProfilesApi, type TFictionalProfile } from '#common/wire/admin/fictional-profiles.ts';
import { uploadFile } from '#web/features/photos/upload-photo.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** A fictional profile's photos: upload (processed like members' photos), choose the main one, delete. */
export function FictionalPhotos({
  profile,
  onChange,
}: {
  profile: TFictionalProfile;
  onChange: (p: TFictionalProfile) => void;
}) {
  const { t } = useTranslation('admin');
  const isHydrated = useHydrated();
  const act = useAsyncAction();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = (file: File) =>
    void act.run(async () => {
      setProgress(0);
      try {
        onChange(
          await uploadFile(fictionalProfilesApi.uploadPhoto, {
            file,
            onProgress: setProgress,
            query: { profileId: profile.id },
          }),
        );
      } finally {
        setProgress(null);
      }
    });
  const change = (photoId: string, action: 'main' | 'remove') =>
    void act.run(async () =>
      onChange(await api.call(fictionalProfilesApi.photo, { profileId: profile.id, photoId, action })),
    );
  return (
    <section className="card card-body mb-3" aria-labelledby="fictional-photos">
      <h2 className="h5" id="fictional-photos">
        {t('hosts.photos')}
      </h2>
      {profile.photos.length === 0 ? <p className="text-body-secondary small">{t('hosts.no_photos')}</p> : null}
      <ul className="list-unstyled d-flex flex-wrap gap-3">
        {profile.photos.map((p, i) => (
          <li key={p.id} className="text-center">
            <img
              src={p.thumb_filename}
              alt={t('hosts.photo_n', { n: i + 1 })}
              width={96}
              height={96}
              className="rounded d-block mb-1"
            />
            {p.isMain ? (
              <span className="badge text-bg-primary">{t('hosts.main_photo')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-link p-0 d-block"
                disabled={!isHydrated || act.busy}
                onClick={() => change(p.id, 'main')}
              >
                {t('hosts.make_main')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm btn-link text-danger p-0 d-block"
              disabled={!isHydrated || act.busy}
              onClick={() => {
                if (window.confirm(t('hosts.delete_photo_confirm'))) change(p.id, 'remove');
              }}
            >
              {t('hosts.delete_photo')}
            </button>
          </li>
        ))}
      </ul>
      <label className="form-label" htmlFor="fictional-upload">
        {t('hosts.add_photo')}
      </label>
      <input
        id="fictional-upload"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        className="form-control"
        disabled={!isHydrated || act.busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
      />
      {progress !== null ? (
        <progress className="w-100 mt-2" value={progress} max={1} aria-label={t('hosts.uploading')} />
      ) : null}
      {act.error ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          {act.error}
        </div>
      ) : null}
    </section>
  );
}
