import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPhoto } from '#common/photos.ts';
import { LockIcon } from '#web/components/lock-icon.tsx';
import { PersonIcon } from '#web/components/person-icon.tsx';
import { Photo } from '#web/components/photo.tsx';
import { url } from '#web/lib/url.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { ReportButton } from '../reports/report-dialog.tsx';

/**
 * The CSS width of the profile photo: the whole column on phones (container padding aside), the 5/12 column beside
 * the details from 768 px, for srcset.
 */
const PROFILE_PHOTO_SIZES =
  '(min-width: 1400px) 526px, (min-width: 1200px) 451px, (min-width: 992px) 376px, (min-width: 768px) 276px, calc(100vw - 24px)';

/**
 * A member's photos on the profile screen. Censored photos (spec §6: free members see a limited number, visitors
 * need a login) show their blurred variant with a prompt to log in or upgrade.
 */
export function ProfilePhotos({
  photos,
  name,
  profileId,
  loggedIn,
}: {
  photos: TPhoto[];
  name: string;
  profileId: number;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const isHydrated = useHydrated();
  if (!photos.length) {
    return (
      <div className="ratio ratio-1x1 bg-body-tertiary rounded" aria-hidden="true">
        <div className="d-flex align-items-center justify-content-center text-secondary opacity-50">
          <PersonIcon size={120} />
        </div>
      </div>
    );
  }
  const photo = photos[Math.min(index, photos.length - 1)];
  const hidden = photos.filter((p) => p.censored).length;
  return (
    <>
      <figure className="mb-2 position-relative">
        {/* The first photo is the page's largest paint: fetched at once, ahead of everything else. */}
        <Photo
          image={photo}
          kind="main"
          sizes={PROFILE_PHOTO_SIZES}
          alt={photo.censored ? t('photos.censored_alt', { name }) : t('photos.of_name', { name, n: index + 1 })}
          className="img-fluid rounded shadow-sm w-100 h-auto"
          priority={index === 0}
        />
        {photo.censored ? (
          <figcaption className="position-absolute top-50 start-50 translate-middle text-center bg-body bg-opacity-75 rounded p-3 shadow-sm">
            <span className="d-block mb-1">
              <LockIcon size={28} />
            </span>
            <span className="d-block mb-2">
              {loggedIn ? t('photos.premium_to_see', { count: hidden }) : t('photos.login_to_see', { count: hidden })}
            </span>
            <Link className="btn btn-primary btn-sm" to={loggedIn ? url('premium') : url('login')}>
              {loggedIn ? t('nav.get_premium') : t('nav.login')}
            </Link>
          </figcaption>
        ) : null}
      </figure>
      {!photo.censored ? (
        <div className="text-end mb-2">
          <ReportButton profileId={profileId} photoId={photo.id} name={name} className="btn btn-link btn-sm p-0" />
        </div>
      ) : null}
      {photos.length > 1 ? (
        <div className="d-flex gap-2 flex-wrap">
          {photos.map((p, i) => (
            <button
              key={p.id}
              type="button"
              className={`btn p-0 border position-relative ${i === index ? 'border-primary' : ''}`}
              onClick={() => setIndex(i)}
              disabled={!isHydrated}
              aria-label={p.censored ? t('photos.locked_n', { n: i + 1 }) : t('profile.photo_n', { n: i + 1 })}
              aria-pressed={i === index}
            >
              <Photo image={p} kind="thumb" sizes="64px" alt="" width={64} height={64} className="rounded" />
              {p.censored ? (
                <span className="position-absolute top-50 start-50 translate-middle text-white">
                  <LockIcon size={20} />
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
