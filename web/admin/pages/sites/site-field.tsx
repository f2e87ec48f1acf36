import { useTranslation } from 'react-i18next';
import { COUNTRIES, LOCALES } from '#common/locales.ts';
import { SITE_FIELDS, type TSiteFieldName, type TSiteInput } from '#common/site-fields.ts';
import type { TCompany } from '#common/site-fields.ts';
import { CheckboxGroup } from '#web/admin/features/forms/checkbox-group.tsx';
import { issueText } from './issues.ts';

type TCosts = TSiteInput['minimum_message_costs'];

/** One site setting in the editor, shown by the widget its entry in SITE_FIELDS names. */
export function SiteField(props: {
  name: TSiteFieldName;
  value: unknown;
  onChange: (value: unknown) => void;
  companies: TCompany[];
  issue?: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const { name, value, onChange, issue } = props;
  const spec = SITE_FIELDS[name];
  const id = `site-${name}`;
  const described = issue ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  // A language is named in the console's language (with its code: the site's URLs and files use it).
  const optionLabel = (v: string | number) =>
    name === 'domain_language'
      ? `${new Intl.DisplayNames([i18n.language], { type: 'language' }).of(String(v)) ?? v} (${v})`
      : t(`sites.option.${name}.${v}`, { defaultValue: String(v) });
  const label = (
    <label className="form-label small fw-semibold" htmlFor={id}>
      {t(`sites.field.${name}`)}
    </label>
  );
  const error = issue ? (
    <div className="invalid-feedback d-block" id={`${id}-error`}>
      {issueText(t, issue)}
    </div>
  ) : null;

  switch (spec.widget) {
    case 'switch':
      return (
        <div className="form-check form-switch">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={id}
            checked={Boolean(value)}
            onChange={(e) => onChange(e.target.checked)}
            {...described}
          />
          <label className="form-check-label" htmlFor={id}>
            {t(`sites.field.${name}`)}
          </label>
          {error}
        </div>
      );
    case 'select':
    case 'company': {
      const options =
        spec.widget === 'company'
          ? props.companies.map((c) => ({ v: c.id, label: c.name }))
          : (('options' in spec ? spec.options : []) as readonly (string | number)[]).map((v) => ({
              v,
              label: optionLabel(v),
            }));
      return (
        <>
          {label}
          <select
            className="form-select form-select-sm"
            id={id}
            value={String(value ?? '')}
            onChange={(e) => {
              const picked = options.find((o) => String(o.v) === e.target.value);
              onChange(picked?.v);
            }}
            {...described}
          >
            {options.map((o) => (
              <option key={o.v} value={o.v}>
                {o.label}
              </option>
            ))}
          </select>
          {error}
        </>
      );
    }
    case 'countries':
    case 'multiselect': {
      const all =
        spec.widget === 'countries' ? COUNTRIES : (('options' in spec ? spec.options : []) as readonly string[]);
      const list = (value as string[]) ?? [];
      return (
        <CheckboxGroup
          idPrefix={id}
          legend={t(`sites.field.${name}`)}
          legendClassName="form-label small fw-semibold"
          options={all.map((v) => ({
            value: v,
            label: spec.widget === 'countries' ? v : t(`sites.option.profile_field.${v}`, { defaultValue: v }),
          }))}
          selected={list}
          onChange={onChange}
        >
          {error}
        </CheckboxGroup>
      );
    }
    case 'locales': {
      const texts = (value as Record<string, string>) ?? {};
      return (
        <fieldset {...described}>
          <legend className="form-label small fw-semibold">{t(`sites.field.${name}`)}</legend>
          <div className="form-text mb-1">{t('sites.locales_help')}</div>
          {LOCALES.map((lng) => (
            <div className="input-group input-group-sm mb-1" key={lng}>
              <label className="input-group-text" htmlFor={`${id}-${lng}`} style={{ minWidth: '3rem' }}>
                {lng}
              </label>
              <input
                className="form-control"
                id={`${id}-${lng}`}
                value={texts[lng] ?? ''}
                onChange={(e) => {
                  const next = { ...texts, [lng]: e.target.value };
                  if (!e.target.value) delete next[lng];
                  onChange(next);
                }}
              />
            </div>
          ))}
          {error}
        </fieldset>
      );
    }
    case 'costs':
      return <CostsField id={id} value={(value as TCosts) ?? {}} onChange={onChange} error={error} />;
    default:
      return (
        <>
          {label}
          <input
            className="form-control form-control-sm"
            id={id}
            type={spec.widget === 'number' ? 'number' : spec.widget === 'email' ? 'email' : 'text'}
            value={value === null || value === undefined ? '' : String(value)}
            onChange={(e) =>
              onChange(
                spec.widget === 'number'
                  ? Number(e.target.value)
                  : name === 'partner_url' && !e.target.value
                    ? null
                    : e.target.value,
              )
            }
            {...described}
          />
          {error}
        </>
      );
  }
}

/** The minimum message price per country: money in minor units with its currency. */
function CostsField(props: { id: string; value: TCosts; onChange: (v: TCosts) => void; error: React.ReactNode }) {
  const { t } = useTranslation('admin');
  const { id, value, onChange } = props;
  const rows = Object.entries(value);
  const free = COUNTRIES.filter((c) => !(c in value));
  const set = (country: string, patch: Partial<{ costs: number; currency: string }>) =>
    onChange({ ...value, [country]: { costs: 49, currency: 'EUR', ...value[country], ...patch } });
  return (
    <fieldset>
      <legend className="form-label small fw-semibold">{t('sites.field.minimum_message_costs')}</legend>
      <div className="form-text mb-1">{t('sites.costs_help')}</div>
      <div className="table-responsive">
        <table className="table table-sm mb-1">
          <thead>
            <tr>
              <th scope="col">{t('sites.bundles.country')}</th>
              <th scope="col">{t('sites.costs.minor')}</th>
              <th scope="col">{t('sites.bundles.currency')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([country, c]) => (
              <tr key={country}>
                <th scope="row">{country}</th>
                <td>
                  <input
                    className="form-control form-control-sm"
                    type="number"
                    min={1}
                    aria-label={t('sites.costs.minor_of', { country })}
                    value={c?.costs ?? 0}
                    onChange={(e) => set(country, { costs: Number(e.target.value) })}
                  />
                </td>
                <td>
                  <input
                    className="form-control form-control-sm"
                    maxLength={3}
                    aria-label={t('sites.costs.currency_of', { country })}
                    value={c?.currency ?? ''}
                    onChange={(e) => set(country, { currency: e.target.value.toUpperCase() })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    onClick={() => {
                      const next = { ...value };
                      delete next[country];
                      onChange(next);
                    }}
                  >
                    {t('sites.costs.remove', { country })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {free.length ? (
        <select
          className="form-select form-select-sm w-auto"
          id={`${id}-add`}
          aria-label={t('sites.costs.add')}
          value=""
          onChange={(e) => e.target.value && set(e.target.value, {})}
        >
          <option value="">{t('sites.costs.add')}</option>
          {free.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      ) : null}
      {props.error}
    </fieldset>
  );
}
