import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '#common/locales.ts';
import type { TCompany, TCompanyInput } from '#common/site-fields.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { api } from '#web/lib/api.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { issuesOf, issueText, type TIssues } from './issues.ts';

const EMPTY: TCompanyInput = {
  name: '',
  address: '',
  city: '',
  country: 'NL',
  kvk: '',
  vat_numbers: [],
  tradenames: [],
  support_phone: '',
  delete_discount: 0,
};

const TEXT_FIELDS = ['name', 'address', 'city', 'kvk', 'support_phone'] as const;
const LIST_FIELDS = ['vat_numbers', 'tradenames'] as const;

/** The operating company's details (legal pages and footer of every site): create on first run, then edit. */
export function CompanyForm({ company, onSaved }: { company: TCompany | null; onSaved: (c: TCompany) => void }) {
  const { t } = useTranslation('admin');
  const isHydrated = useHydrated();
  const [value, setValue] = useState<TCompanyInput>(company ?? EMPTY);
  const [issues, setIssues] = useState<TIssues>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = async () => {
    setBusy(true);
    setSaved(false);
    try {
      const body = company
        ? await api.call(adminSitesApi.updateCompany, { ...value, companyId: company.id })
        : await api.call(adminSitesApi.createCompany, value);
      setIssues({});
      setSaved(true);
      onSaved(body);
    } catch (err) {
      setIssues({ _: 'sites.error.invalid', ...issuesOf(err) });
    } finally {
      setBusy(false);
    }
  };
  const error = (name: string) =>
    issues[name] ? (
      <div className="invalid-feedback d-block" id={`company-${name}-error`}>
        {issueText(t, issues[name])}
      </div>
    ) : null;
  const aria = (name: string) => ({
    id: `company-${name}`,
    'aria-invalid': issues[name] ? true : undefined,
    'aria-describedby': issues[name] ? `company-${name}-error` : undefined,
  });
  return (
    <form
      className="row g-2"
      aria-label={t('sites.company.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {TEXT_FIELDS.map((name) => (
        <div className="col-12 col-md-6" key={name}>
          <label className="form-label small" htmlFor={`company-${name}`}>
            {t(`sites.company.${name}`)}
          </label>
          <input
            className="form-control form-control-sm"
            value={value[name]}
            required={name !== 'support_phone'}
            onChange={(e) => setValue({ ...value, [name]: e.target.value })}
            {...aria(name)}
          />
          {error(name)}
        </div>
      ))}
      <div className="col-6 col-md-3">
        <label className="form-label small" htmlFor="company-country">
          {t('sites.company.country')}
        </label>
        <select
          className="form-select form-select-sm"
          value={value.country}
          onChange={(e) => setValue({ ...value, country: e.target.value })}
          {...aria('country')}
        >
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-3">
        <label className="form-label small" htmlFor="company-delete_discount">
          {t('sites.company.delete_discount')}
        </label>
        <input
          className="form-control form-control-sm"
          type="number"
          min={0}
          max={100}
          value={value.delete_discount}
          onChange={(e) => setValue({ ...value, delete_discount: Number(e.target.value) })}
          {...aria('delete_discount')}
        />
      </div>
      {LIST_FIELDS.map((name) => (
        <div className="col-12 col-md-6" key={name}>
          <label className="form-label small" htmlFor={`company-${name}`}>
            {t(`sites.company.${name}`)}
          </label>
          <input
            className="form-control form-control-sm"
            value={value[name].join(', ')}
            onChange={(e) =>
              setValue({
                ...value,
                [name]: e.target.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              })
            }
            {...aria(name)}
          />
          <div className="form-text">{t('sites.comma_separated')}</div>
          {error(name)}
        </div>
      ))}
      <div className="col-12 d-flex gap-2 align-items-center">
        <button type="submit" className="btn btn-sm btn-primary" disabled={!isHydrated || busy}>
          {busy ? t('common.working') : company ? t('common.save') : t('sites.company.create')}
        </button>
        <span role="status" className="small">
          {saved ? t('sites.saved') : issues._ ? <span className="text-danger">{issueText(t, issues._)}</span> : null}
        </span>
      </div>
    </form>
  );
}
