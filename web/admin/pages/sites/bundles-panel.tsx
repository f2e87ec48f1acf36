import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBundle, TBundleInput } from '#common/price-fields.ts';
import type { TSiteSettings } from '#common/site-fields.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { SelectField } from '#web/admin/features/forms/select-field.tsx';
import { SimpleTable } from '#web/admin/features/tables/simple-table.tsx';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { issueText } from './issues.ts';
import { ActiveCheck, RowEditorForm, useRowEditor } from './use-row-editor.tsx';

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
  const editor = useRowEditor<TBundleInput, TBundle>({
    create: (draft) => api.call(adminSitesApi.createBundle, draft),
    update: (bundleId, draft) => api.call(adminSitesApi.updateBundle, { ...draft, bundleId }),
    onSaved: (saved) => setBundles((old) => [...(old ?? []).filter((b) => b.bundleId !== saved.bundleId), saved]),
  });
  useEffect(() => {
    void load.run(async () => setBundles((await api.call(adminSitesApi.bundles, { siteId: site.id })).bundles));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [site.id]);
  if (!countries.length) return <p className="text-body-secondary">{t('sites.bundles.no_countries')}</p>;
  const currency = site.minimum_message_costs[country]?.currency ?? 'EUR';
  const money = (minor: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(minor / 100);
  const shown = (bundles ?? []).filter((b) => b.country === country);
  const { draft, setDraft } = editor;
  const minimum = draft ? minimumPrice(site, draft.country, draft.credits) : null;
  return (
    <section aria-label={t('sites.tab.bundles')}>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <SelectField
          id="bundle-country"
          label={t('sites.bundles.country')}
          value={country}
          onChange={setCountry}
          options={countries.map((c) => ({ value: c, label: c }))}
        />
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!isHydrated}
          onClick={() =>
            editor.start({
              siteId: site.id,
              country,
              position: shown.length % 4,
              credits: 100,
              price_minor: 999,
              currency,
              active: true,
            })
          }
        >
          {t('sites.bundles.add')}
        </button>
      </div>
      <LoadState
        error={load.error}
        data={bundles === null ? null : shown}
        isEmpty={(list) => list.length === 0}
        empty={t('sites.bundles.empty')}
      >
        {(list) => (
          <SimpleTable
            label={t('sites.tab.bundles')}
            head={[
              t('sites.bundles.position'),
              t('sites.bundles.credits'),
              t('sites.bundles.price'),
              t('sites.bundles.per_message'),
              t('sites.bundles.active'),
              { label: t('common.actions'), isHidden: true },
            ]}
          >
            {list.map((b) => (
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
                    onClick={() => editor.start({ ...b }, b.bundleId)}
                  >
                    {t('common.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </LoadState>
      {draft ? (
        <RowEditorForm
          className="align-items-end"
          label={editor.editing === null ? t('sites.bundles.add') : t('common.edit')}
          onSave={() => void editor.save()}
          onCancel={editor.cancel}
          footer={
            <span className="small" role="status">
              {minimum !== null ? t('sites.bundles.minimum', { price: money(minimum) }) : null}
              {editor.issue ? <span className="text-danger ms-2">{issueText(t, editor.issue)}</span> : null}
            </span>
          }
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
            <ActiveCheck id="bundle-active" label={t('sites.bundles.active')} draft={draft} setDraft={setDraft} />
          </div>
        </RowEditorForm>
      ) : null}
    </section>
  );
}
