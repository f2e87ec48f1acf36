import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBundle, TBundleInput } from '#common/price-fields.ts';
import type { TSiteSettings } from '#common/site-fields.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { issuesOf, issueText } from './issues.ts';

/** The lowest price a bundle may have: one message never cheaper than the country's minimum. */
function minimumPrice(site: TSiteSettings, country: string, credits: number): number | null {
  const min = site.minimum_message_costs[country];
  return min ? Math.ceil((min.costs * credits) / site.message_credits) : null;
}

/** A site's credit bundles per country (priced countries only), each checked against minimum_message_costs. */
export function BundlesPanel({ site }: { site: TSiteSettings }) {
  const { t, i18n } = useTranslation('admin');
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const countries = Object.keys(site.minimum_message_costs);
  const [country, setCountry] = useState(countries[0] ?? '');
  const [bundles, setBundles] = useState<TBundle[] | null>(null);
  const [draft, setDraft] = useState<TBundleInput | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [issue, setIssue] = useState<string | null>(null);
  useEffect(() => {
    void load.run(async () => setBundles((await api.call(adminSitesApi.bundles, { siteId: site.id })).bundles));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [site.id]);
  if (!countries.length) return <p className="text-body-secondary">{t('sites.bundles.no_countries')}</p>;
  const currency = site.minimum_message_costs[country]?.currency ?? 'EUR';
  const money = (minor: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(minor / 100);
  const shown = (bundles ?? []).filter((b) => b.country === country);
  const save = async () => {
    if (!draft) return;
    try {
      const saved =
        editing === null
          ? await api.call(adminSitesApi.createBundle, draft)
          : await api.call(adminSitesApi.updateBundle, { ...draft, bundleId: editing });
      setBundles((old) => [...(old ?? []).filter((b) => b.bundleId !== saved.bundleId), saved]);
      setDraft(null);
      setEditing(null);
      setIssue(null);
    } catch (err) {
      setIssue(Object.values(issuesOf(err))[0] ?? 'sites.error.invalid');
    }
  };
  const minimum = draft ? minimumPrice(site, draft.country, draft.credits) : null;
  return (
    <section aria-label={t('sites.tab.bundles')}>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <div>
          <label className="form-label small" htmlFor="bundle-country">
            {t('sites.bundles.country')}
          </label>
          <select
            id="bundle-country"
            className="form-select form-select-sm"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          >
            {countries.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!isHydrated}
          onClick={() => {
            setEditing(null);
            setDraft({
              siteId: site.id,
              country,
              position: shown.length % 4,
              credits: 100,
              price_minor: 999,
              currency,
              active: true,
            });
          }}
        >
          {t('sites.bundles.add')}
        </button>
      </div>
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}
        </div>
      ) : bundles === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="text-body-secondary">{t('sites.bundles.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle bg-white">
            <thead>
              <tr>
                <th scope="col">{t('sites.bundles.position')}</th>
                <th scope="col">{t('sites.bundles.credits')}</th>
                <th scope="col">{t('sites.bundles.price')}</th>
                <th scope="col">{t('sites.bundles.per_message')}</th>
                <th scope="col">{t('sites.bundles.active')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((b) => (
                <tr key={b.bundleId}>
                  <td>p{b.position}</td>
                  <td>{b.credits}</td>
                  <td>{money(b.price_minor)}</td>
                  <td>{money(Math.round((b.price_minor * site.message_credits) / b.credits))}</td>
                  <td>{b.active ? t('sites.yes') : t('sites.no')}</td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      onClick={() => {
                        setEditing(b.bundleId);
                        setDraft({ ...b });
                      }}
                    >
                      {t('common.edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {draft ? (
        <form
          className="row g-2 align-items-end border rounded p-2 bg-white"
          aria-label={editing === null ? t('sites.bundles.add') : t('common.edit')}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {(['position', 'credits', 'price_minor'] as const).map((name) => (
            <div className="col-4 col-md-2" key={name}>
              <label className="form-label small" htmlFor={`bundle-${name}`}>
                {t(`sites.bundles.${name}`)}
              </label>
              <input
                id={`bundle-${name}`}
                className="form-control form-control-sm"
                type="number"
                min={name === 'position' ? 0 : 1}
                max={name === 'position' ? 3 : undefined}
                value={draft[name]}
                onChange={(e) => setDraft({ ...draft, [name]: Number(e.target.value) })}
              />
            </div>
          ))}
          <div className="col-12 col-md-2">
            <div className="form-check">
              <input
                id="bundle-active"
                className="form-check-input"
                type="checkbox"
                checked={draft.active}
                onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
              />
              <label className="form-check-label" htmlFor="bundle-active">
                {t('sites.bundles.active')}
              </label>
            </div>
          </div>
          <div className="col-12 col-md-4 d-flex gap-2">
            <button type="submit" className="btn btn-sm btn-primary" disabled={!isHydrated}>
              {t('common.save')}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </button>
          </div>
          <div className="col-12 small" role="status">
            {minimum !== null ? t('sites.bundles.minimum', { price: money(minimum) }) : null}
            {issue ? <span className="text-danger ms-2">{issueText(t, issue)}</span> : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
