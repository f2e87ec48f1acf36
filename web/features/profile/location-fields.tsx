import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '#web/lib/form/field.tsx';
import { GeolocationButton } from '../location/geolocation-button.tsx';
import { CityCombobox } from './city-combobox.tsx';

export interface TCountryOption {
  code: string;
  name: string;
  labelKey: string;
  regions: { code: string; name: string }[];
}

export interface TLocation {
  country: string;
  region_code: string;
  city: string;
}

/**
 * Country, region (labelled per country, spec §3 region labels) and city inputs named for a form post, with the
 * geolocation button (spec §2 location options) that fills all three from the browser's position. The city is picked
 * from the place data's suggestions (issue 31).
 */
export function LocationFields({
  countries,
  initial,
  idPrefix,
  stacked = false,
  cityIssue,
}: {
  countries: TCountryOption[];
  initial: TLocation;
  idPrefix: string;
  /** One field per row, for narrow forms. */
  stacked?: boolean;
  /** Catalogue key of the city's problem from the last save (a city the place data does not know). */
  cityIssue?: string;
}) {
  const { t } = useTranslation();
  const [location, setLocation] = useState<TLocation>({
    ...initial,
    country: initial.country || countries[0]?.code || '',
  });
  const current = countries.find((c) => c.code === location.country);
  const [outside, setOutside] = useState<string | null>(null);
  const set = (change: Partial<TLocation>) => setLocation((l) => ({ ...l, ...change }));
  return (
    <fieldset className="mb-3">
      <GeolocationButton
        className="mb-3"
        onLocated={(place) => {
          // Only the served countries can be chosen; elsewhere the member fills the fields in.
          if (!countries.some((c) => c.code === place.country)) {
            setOutside(place.country_name);
            return;
          }
          setOutside(null);
          setLocation({ country: place.country, region_code: place.region_code, city: place.city });
        }}
      />
      {outside ? (
        <p className="form-text text-warning-emphasis" role="status">
          {t('location.outside_served', { country: outside })}
        </p>
      ) : null}
      <div className="row g-3">
        <Field
          id={`${idPrefix}-country`}
          label={t('lang_config.country')}
          className={stacked ? 'col-12' : 'col-sm-6 col-lg-4'}
        >
          {(wiring) => (
            <select
              {...wiring}
              name="country"
              className="form-select"
              value={location.country}
              onChange={(e) => set({ country: e.target.value, region_code: '' })}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`${idPrefix}-region`}
          label={t(`regions.label.${current?.labelKey ?? 'region'}`)}
          className={stacked ? 'col-12' : 'col-sm-6 col-lg-4'}
        >
          {(wiring) => (
            <select
              {...wiring}
              name="region_code"
              className="form-select"
              value={location.region_code}
              onChange={(e) => set({ region_code: e.target.value })}
              required
            >
              <option value="" disabled>
                {t('complete.choose')}
              </option>
              {current?.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`${idPrefix}-city`}
          label={t('complete.city')}
          className={stacked ? 'col-12' : 'col-lg-4'}
          issue={cityIssue}
        >
          {(wiring) => (
            <CityCombobox
              control={wiring}
              country={location.country}
              regionCode={location.region_code}
              value={location.city}
              onType={(city) => set({ city })}
              onPick={(place) =>
                // A place of another region moves the region select to it.
                set({
                  city: place.city,
                  ...(current?.regions.some((r) => r.code === place.region_code)
                    ? { region_code: place.region_code ?? '' }
                    : {}),
                })
              }
            />
          )}
        </Field>
      </div>
      <p className="form-text small mb-0 mt-2">{t('location.attribution')}</p>
    </fieldset>
  );
}
