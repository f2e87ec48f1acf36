import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '#common/payments.ts';
import type { TCampaign, TCampaignInput } from '#common/price-fields.ts';
import type { TSiteSettings } from '#common/site-fields.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { issuesOf, issueText } from './issues.ts';

/** The local date-time of an ISO moment as a datetime-local input shows it, and back. */
const toLocal = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');
const fromLocal = (local: string) => (local ? new Date(`${local}:00Z`).toISOString() : null);

function blank(siteId: number): TCampaignInput {
  return {
    siteId,
    code: '',
    percentage: 10,
    countries: [],
    methods: [],
    minimum_order: 0,
    currency: null,
    starts_at: null,
    expires: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    max_uses: null,
    active: true,
  };
}

/** A site's discount campaigns with their use counts; add, change or stop one. */
export function CampaignsPanel({ site }: { site: TSiteSettings }) {
  const { t, i18n } = useTranslation('admin');
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const [list, setList] = useState<TCampaign[] | null>(null);
  const [draft, setDraft] = useState<TCampaignInput | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [issue, setIssue] = useState<string | null>(null);
  useEffect(() => {
    void load.run(async () => setList((await api.call(adminSitesApi.campaigns, { siteId: site.id })).campaigns));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [site.id]);
  const countries = Object.keys(site.minimum_message_costs);
  const save = async () => {
    if (!draft) return;
    try {
      const saved =
        editing === null
          ? await api.call(adminSitesApi.createCampaign, draft)
          : await api.call(adminSitesApi.updateCampaign, { campaignId: editing, campaign: draft });
      setList((old) => [saved, ...(old ?? []).filter((c) => c.campaignId !== saved.campaignId)]);
      setDraft(null);
      setEditing(null);
      setIssue(null);
    } catch (err) {
      setIssue(Object.values(issuesOf(err))[0] ?? 'sites.error.invalid');
    }
  };
  const toggle = <T,>(items: T[], v: T) => (items.includes(v) ? items.filter((x) => x !== v) : [...items, v]);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '–');
  return (
    <section aria-label={t('sites.tab.campaigns')}>
      <button
        type="button"
        className="btn btn-sm btn-primary mb-2"
        disabled={!isHydrated}
        onClick={() => {
          setEditing(null);
          setDraft(blank(site.id));
        }}
      >
        {t('sites.campaigns.add')}
      </button>
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}
        </div>
      ) : list === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="text-body-secondary">{t('sites.campaigns.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle bg-white">
            <thead className="text-nowrap">
              <tr>
                <th scope="col">{t('sites.campaigns.code')}</th>
                <th scope="col">{t('sites.campaigns.percentage')}</th>
                <th scope="col">{t('sites.campaigns.validity')}</th>
                <th scope="col">{t('sites.campaigns.uses')}</th>
                <th scope="col">{t('sites.campaigns.active')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.campaignId}>
                  <td className="font-monospace">{c.code}</td>
                  <td>{c.percentage}%</td>
                  <td className="small text-nowrap">
                    {date(c.starts_at)} – {date(c.expires)}
                  </td>
                  <td>{c.max_uses ? `${c.uses} / ${c.max_uses}` : c.uses}</td>
                  <td>{c.active ? t('sites.yes') : t('sites.no')}</td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      onClick={() => {
                        const { campaignId, uses: _uses, ...input } = c;
                        setEditing(campaignId);
                        setDraft(input);
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
          className="row g-2 border rounded p-2 bg-white"
          aria-label={editing === null ? t('sites.campaigns.add') : t('common.edit')}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="col-6 col-md-3">
            <label className="form-label small" htmlFor="campaign-code">
              {t('sites.campaigns.code')}
            </label>
            <input
              id="campaign-code"
              className="form-control form-control-sm font-monospace"
              required
              value={draft.code}
              onChange={(e) => setDraft({ ...draft, code: e.target.value.toUpperCase() })}
            />
          </div>
          {(['percentage', 'minimum_order', 'max_uses'] as const).map((name) => (
            <div className="col-6 col-md-3" key={name}>
              <label className="form-label small" htmlFor={`campaign-${name}`}>
                {t(`sites.campaigns.${name}`)}
              </label>
              <input
                id={`campaign-${name}`}
                className="form-control form-control-sm"
                type="number"
                min={name === 'minimum_order' ? 0 : 1}
                value={draft[name] ?? ''}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    [name]: e.target.value === '' && name === 'max_uses' ? null : Number(e.target.value),
                  })
                }
              />
            </div>
          ))}
          <div className="col-6 col-md-3">
            <label className="form-label small" htmlFor="campaign-starts">
              {t('sites.campaigns.starts_at')}
            </label>
            <input
              id="campaign-starts"
              type="datetime-local"
              className="form-control form-control-sm"
              value={toLocal(draft.starts_at)}
              onChange={(e) => setDraft({ ...draft, starts_at: fromLocal(e.target.value) })}
            />
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label small" htmlFor="campaign-expires">
              {t('sites.campaigns.expires')}
            </label>
            <input
              id="campaign-expires"
              type="datetime-local"
              required
              className="form-control form-control-sm"
              value={toLocal(draft.expires)}
              onChange={(e) => setDraft({ ...draft, expires: fromLocal(e.target.value) ?? draft.expires })}
            />
          </div>
          <fieldset className="col-12">
            <legend className="form-label small">{t('sites.campaigns.countries')}</legend>
            <div className="d-flex flex-wrap gap-3">
              {countries.map((c) => (
                <div className="form-check" key={c}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`campaign-country-${c}`}
                    checked={draft.countries.includes(c)}
                    onChange={() => setDraft({ ...draft, countries: toggle(draft.countries, c) })}
                  />
                  <label className="form-check-label" htmlFor={`campaign-country-${c}`}>
                    {c}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className="col-12">
            <legend className="form-label small">{t('sites.campaigns.methods')}</legend>
            <div className="d-flex flex-wrap gap-3">
              {PAYMENT_METHODS.map((m) => (
                <div className="form-check" key={m}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`campaign-method-${m}`}
                    checked={draft.methods.includes(m)}
                    onChange={() => setDraft({ ...draft, methods: toggle(draft.methods, m) })}
                  />
                  <label className="form-check-label" htmlFor={`campaign-method-${m}`}>
                    {m}
                  </label>
                </div>
              ))}
            </div>
            <div className="form-text">{t('sites.campaigns.empty_means_all')}</div>
          </fieldset>
          <div className="col-12 d-flex flex-wrap gap-3 align-items-center">
            <div className="form-check">
              <input
                id="campaign-active"
                className="form-check-input"
                type="checkbox"
                checked={draft.active}
                onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
              />
              <label className="form-check-label" htmlFor="campaign-active">
                {t('sites.campaigns.active')}
              </label>
            </div>
            <button type="submit" className="btn btn-sm btn-primary" disabled={!isHydrated}>
              {t('common.save')}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </button>
            <span role="status" className="small text-danger">
              {issue ? issueText(t, issue) : null}
            </span>
          </div>
        </form>
      ) : null}
    </section>
  );
}
