import type { z } from 'zod';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '#common/locales.ts';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  INTEREST_KEYS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOO_OPTIONS,
} from '#common/profile-attributes.ts';
import type { TFictionalProfileFields } from '#common/wire/admin/fictional-profiles.ts';
import type { ZRegionList } from '#common/wire/settings.ts';
import { referenceApi } from '#common/wire/settings-api.ts';
import { api } from '#web/lib/api.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** The form's values: every field as the API takes it. */
export type TFictionalDraft = TFictionalProfileFields;

const OPTIONAL = {
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOO_OPTIONS,
} as const;

/** The attributes and texts of a fictional profile; labels of options come from the members' catalogue. */
export function FictionalProfileForm(props: {
  draft: TFictionalDraft;
  setDraft: (d: TFictionalDraft) => void;
  busy: boolean;
  onSubmit: () => void;
  children?: React.ReactNode;
}) {
  const { draft, setDraft, busy, onSubmit, children } = props;
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation();
  const isHydrated = useHydrated();
  const [regions, setRegions] = useState<z.infer<typeof ZRegionList>>([]);
  useEffect(() => {
    void api.call(referenceApi.regions).then(setRegions, () => undefined);
  }, []);
  const set = <K extends keyof TFictionalDraft>(key: K, value: TFictionalDraft[K]) =>
    setDraft({ ...draft, [key]: value });
  const country = regions.find((c) => c.country === draft.country);
  const text = (key: 'name' | 'city', label: string) => (
    <div className="col-12 col-md-6">
      <label className="form-label" htmlFor={`fp-${key}`}>
        {label}
      </label>
      <input
        id={`fp-${key}`}
        className="form-control"
        required
        value={draft[key] ?? ''}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );
  const choice = (key: keyof typeof OPTIONAL) => (
    <div className="col-6 col-md-4" key={key}>
      <label className="form-label" htmlFor={`fp-${key}`}>
        {t(`hosts.field_${key}`)}
      </label>
      <select
        id={`fp-${key}`}
        className="form-select"
        value={draft[key] ?? ''}
        onChange={(e) => set(key, (e.target.value || null) as never)}
      >
        <option value="">{t('hosts.not_set')}</option>
        {OPTIONAL[key].map((o) => (
          <option key={o} value={o}>
            {tm(`attributes.${key}.${o}`)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <fieldset className="card card-body mb-3" disabled={busy || !isHydrated}>
        <legend className="h5">{t('hosts.about_profile')}</legend>
        <div className="row g-3">
          {children}
          {text('name', t('hosts.name'))}
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="fp-birth">
              {t('hosts.birth_date')}
            </label>
            <input
              id="fp-birth"
              type="date"
              className="form-control"
              required
              value={draft.birth_date}
              onChange={(e) => set('birth_date', e.target.value)}
            />
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="fp-locale">
              {t('hosts.language')}
            </label>
            <select
              id="fp-locale"
              className="form-select"
              value={draft.locale}
              onChange={(e) => set('locale', e.target.value as never)}
            >
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="fp-gender">
              {t('hosts.field_gender')}
            </label>
            <select
              id="fp-gender"
              className="form-select"
              value={draft.gender}
              onChange={(e) => set('gender', e.target.value as never)}
            >
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {tm(`attributes.gender.${g}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="fp-sexuality">
              {t('hosts.field_sexuality')}
            </label>
            <select
              id="fp-sexuality"
              className="form-select"
              value={draft.sexuality ?? 'hetero'}
              onChange={(e) => set('sexuality', e.target.value as never)}
            >
              {SEXUALITIES.map((s) => (
                <option key={s} value={s}>
                  {tm(`attributes.sexuality.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="fp-height">
              {t('hosts.field_height')}
            </label>
            <input
              id="fp-height"
              type="number"
              min={120}
              max={230}
              className="form-control"
              value={draft.height_cm ?? ''}
              onChange={(e) => set('height_cm', e.target.value ? Number(e.target.value) : null)}
            />
          </div>
          {(Object.keys(OPTIONAL) as (keyof typeof OPTIONAL)[]).map(choice)}
        </div>
      </fieldset>
      <fieldset className="card card-body mb-3" disabled={busy || !isHydrated}>
        <legend className="h5">{t('hosts.location')}</legend>
        <div className="row g-3">
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="fp-country">
              {t('hosts.country')}
            </label>
            <select
              id="fp-country"
              className="form-select"
              value={draft.country}
              onChange={(e) => setDraft({ ...draft, country: e.target.value, region_code: '' })}
            >
              {regions.map((c) => (
                <option key={c.country} value={c.country}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="fp-region">
              {country?.label ?? t('hosts.region')}
            </label>
            <select
              id="fp-region"
              className="form-select"
              required
              value={draft.region_code}
              onChange={(e) => set('region_code', e.target.value)}
            >
              <option value="">{t('hosts.not_set')}</option>
              {(country?.regions ?? []).map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          {text('city', t('hosts.city'))}
        </div>
      </fieldset>
      <fieldset className="card card-body mb-3" disabled={busy || !isHydrated}>
        <legend className="h5">{t('hosts.texts')}</legend>
        <label className="form-label" htmlFor="fp-about">
          {t('hosts.about_me')}
        </label>
        <textarea
          id="fp-about"
          className="form-control mb-3"
          rows={5}
          maxLength={2000}
          value={draft.about_me ?? ''}
          onChange={(e) => set('about_me', e.target.value)}
        />
        <fieldset>
          <legend className="form-label fs-6">{t('hosts.interests')}</legend>
          <div className="row row-cols-2 row-cols-md-4 g-1">
            {INTEREST_KEYS.map((key) => (
              <div className="col form-check" key={key}>
                <input
                  id={`fp-i-${key}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={draft.interests.includes(key)}
                  onChange={(e) =>
                    set(
                      'interests',
                      e.target.checked ? [...draft.interests, key] : draft.interests.filter((i) => i !== key),
                    )
                  }
                />
                <label className="form-check-label small" htmlFor={`fp-i-${key}`}>
                  {tm(`interests.${key}`)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy || !isHydrated}>
        {busy ? t('common.working') : t('common.save')}
      </button>
    </form>
  );
}
