import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGeolocation } from './use-geolocation.ts';

/** A location as the profile forms take it: codes of country and region ('' when unknown) and the city. */
export interface TLocatedPlace {
  country: string;
  country_name: string;
  region_code: string;
  city: string;
}

/**
 * 'Use my location': asks the browser for the position, reverse geocodes it offline on the server and hands
 * country, region and city to the form. Disabled with an explanation when geolocation is denied or unsupported.
 */
export function GeolocationButton({
  onLocated,
  className,
}: {
  onLocated: (place: TLocatedPlace) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const { permission, isReady, status, error, place, locate } = useGeolocation();
  const isBlocked = permission === 'denied' || permission === 'unsupported';
  const isLocating = status === 'locating';

  const onClick = async () => {
    const found = await locate();
    if (found) {
      onLocated({
        country: found.country,
        country_name: found.country_name,
        region_code: found.region_code ?? '',
        city: found.city,
      });
    }
  };

  let message = '';
  if (isLocating) message = t('location.locating');
  else if (error) message = error;
  else if (place)
    message = t('location.located', { place: [place.city, place.region_name].filter(Boolean).join(', ') });

  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn-outline-primary"
        onClick={() => void onClick()}
        disabled={!isReady || isBlocked || isLocating}
        aria-describedby={isBlocked ? hintId : undefined}
      >
        {isLocating ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        {t('location.use_my_location')}
      </button>
      {isBlocked ? (
        <div id={hintId} className="form-text">
          {t(permission === 'denied' ? 'location.denied_hint' : 'location.unsupported_hint')}
        </div>
      ) : null}
      <p
        className={`small mt-1 mb-0 ${error ? 'text-danger' : 'text-body-secondary'}`}
        role="status"
        aria-live="polite"
      >
        {message}
      </p>
    </div>
  );
}
