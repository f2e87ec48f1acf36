import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '#common/payments.ts';
import type { TCampaign, TCampaignInput } from '#common/price-fields.ts';
import type { TSiteSettings } from '#common/site-fields.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { CheckboxGroup } from '#web/admin/features/forms/checkbox-group.tsx';
import { SimpleTable } from '#web/admin/features/tables/simple-table.tsx';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { issueText } from './issues.ts';
import { ActiveCheck, RowEditorForm, useRowEditor } from './use-row-editor.tsx';

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
  const editor = useRowEditor<TCampaignInput, TCampaign>({
    create: (draft) => api.call(adminSitesApi.createCampaign, draft),
    update: (campaignId, campaign) => api.call(adminSitesApi.updateCampaign, { campaignId, campaign }),
    onSaved: (saved) => setList((old) => [saved, ...(old ?? []).filter((c) => c.campaignId !== saved.campaignId)]),
  });
  const { draft, setDraft } = editor;
  useEffect(() => {
    void load.run(async () => setList((await api.call(adminSitesApi.campaigns, { siteId: site.id })).campaigns));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [site.id]);
  const countries = Object.keys(site.minimum_message_costs);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(i18n.language) : '–');
  return (
    <section aria-label={t('sites.tab.campaigns')}>
      <button
        type="button"
        className="btn btn-sm btn-primary mb-2"
        disabled={!isHydrated}
        onClick={() => editor.start(blank(site.id))}
      >
        {t('sites.campaigns.add')}
      </button>
      <LoadState error={load.error} data={list} isEmpty={(l) => l.length === 0} empty={t('sites.campaigns.empty')}>
        {(l) => (
          <SimpleTable
            label={t('sites.tab.campaigns')}
            head={[
              t('sites.campaigns.code'),
              t('sites.campaigns.percentage'),
              t('sites.campaigns.validity'),
              t('sites.campaigns.uses'),
              t('sites.campaigns.active'),
              { label: t('common.actions'), isHidden: true },
            ]}
          >
            {l.map((c) => (
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
                      editor.start(input, campaignId);
                    }}
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
          className=""
          label={editor.editing === null ? t('sites.campaigns.add') : t('common.edit')}
          onSave={() => void editor.save()}
          onCancel={editor.cancel}
          footer={
            <span role="status" className="small text-danger">
              {editor.issue ? issueText(t, editor.issue) : null}
            </span>
          }
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
          <CheckboxGroup
            className="col-12"
            idPrefix="campaign-country"
            legend={t('sites.campaigns.countries')}
            options={countries.map((c) => ({ value: c, label: c }))}
            selected={draft.countries}
            onChange={(countries) => setDraft({ ...draft, countries })}
          />
          <CheckboxGroup
            className="col-12"
            idPrefix="campaign-method"
            legend={t('sites.campaigns.methods')}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
            selected={draft.methods}
            onChange={(methods) => setDraft({ ...draft, methods })}
            helpBelow={t('sites.campaigns.empty_means_all')}
          />
          <div className="col-12">
            <ActiveCheck id="campaign-active" label={t('sites.campaigns.active')} draft={draft} setDraft={setDraft} />
          </div>
        </RowEditorForm>
      ) : null}
    </section>
  );
}
