import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminPath } from '#common/routes.ts';
import {
  SITE_FIELD_NAMES,
  SITE_FIELDS,
  SITE_TABS,
  type TCompany,
  type TSiteInput,
  type TSiteSettings,
} from '#common/site-fields.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { BundlesPanel } from './bundles-panel.tsx';
import { CampaignsPanel } from './campaigns-panel.tsx';
import { issuesOf, issueText, type TIssues } from './issues.ts';
import { SiteField } from './site-field.tsx';

/** A new site's starting values (the owner fills in the rest). */
function newSite(companyId: number): TSiteInput {
  return {
    domain: '',
    is_default: false,
    company_id: companyId,
    name: '',
    index_title: '',
    description: '',
    niche: 1,
    domain_language: 'en',
    cdn_prefix: '',
    partner_url: null,
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'none',
    member_resell: false,
    min_age: 18,
    enable_site_entry_popup: 'yes',
    site_entry_popup_countries: [],
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 20,
    signup_credits: 0,
    message_length: 1000,
    refund_days: 14,
    minimum_message_costs: {},
    fictional_warning: {},
    fictional_singular: {},
    fictional_plural: {},
    fictional_icon: true,
    photo_moderation: 'post',
    mail_name: '',
    support_email: '',
    support_phone: '',
    visible_profile_fields: ['gender', 'interests'],
    visible_profile_notes: false,
    search_fields: ['gender', 'country', 'min_age', 'max_age'],
  } as TSiteInput;
}

/** Widgets that take half a row on wide screens. */
const HALF = new Set(['text', 'email', 'number', 'select', 'company', 'switch']);

type TTab = (typeof SITE_TABS)[number] | 'bundles' | 'campaigns';

/** The fields of a site that differ from what was loaded (the update sends only those). */
function patchOf(before: TSiteSettings, after: TSiteInput): Partial<TSiteInput> {
  const patch: Record<string, unknown> = {};
  for (const name of SITE_FIELD_NAMES) {
    if (JSON.stringify(before[name]) !== JSON.stringify(after[name])) patch[name] = after[name];
  }
  return patch as Partial<TSiteInput>;
}

/** A site's settings in tabs (one per group of SITE_FIELDS), plus its bundles and campaigns once it exists. */
export default function AdminSiteEditorPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const siteId = Number(params.get('siteId')) || null;
  const [companies, setCompanies] = useState<TCompany[]>([]);
  const [loaded, setLoaded] = useState<TSiteSettings | null>(null);
  const [value, setValue] = useState<TSiteInput | null>(null);
  const [tab, setTab] = useState<TTab>('general');
  const [issues, setIssues] = useState<TIssues>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void load.run(async () => {
      const [c, s] = await Promise.all([api.call(adminSitesApi.companies), api.call(adminSitesApi.list)]);
      setCompanies(c.companies);
      const site = siteId ? s.sites.find((x) => x.id === siteId) : undefined;
      if (siteId && !site) throw new Error(t('sites.not_found'));
      setLoaded(site ?? null);
      setValue(site ?? newSite(c.companies[0]?.id ?? 0));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [siteId]);
  if (load.error) {
    return (
      <div className="alert alert-danger" role="alert">
        {load.error}
      </div>
    );
  }
  if (!value) return <p role="status">{t('common.loading')}</p>;
  const save = async () => {
    setBusy(true);
    setSaved(false);
    try {
      const site = loaded
        ? await api.call(adminSitesApi.update, { siteId: loaded.id, patch: patchOf(loaded, value) })
        : await api.call(adminSitesApi.create, value);
      setIssues({});
      setSaved(true);
      setLoaded(site);
      setValue(site);
      if (!loaded) void navigate(adminPath('admin-site', { siteId: String(site.id) }), { replace: true });
    } catch (err) {
      const found = issuesOf(err);
      setIssues({ _: 'sites.error.invalid', ...found });
      const first = SITE_FIELD_NAMES.find((n) => found[n]);
      if (first) setTab(SITE_FIELDS[first].tab);
    } finally {
      setBusy(false);
    }
  };
  const tabs: TTab[] = loaded ? [...SITE_TABS, 'bundles', 'campaigns'] : [...SITE_TABS];
  const fields = SITE_FIELD_NAMES.filter((n) => SITE_FIELDS[n].tab === tab);
  return (
    <>
      <title>{loaded ? t('sites.editor.title', { name: loaded.name }) : t('sites.editor.new')}</title>
      <nav aria-label={t('sites.title')} className="small mb-2">
        <Link to={adminPath('admin-sites')}>{t('sites.title')}</Link>
      </nav>
      <h1 className="h3 mb-3">{loaded ? t('sites.editor.title', { name: loaded.name }) : t('sites.editor.new')}</h1>
      <ul className="nav nav-tabs flex-wrap mb-3" role="tablist">
        {tabs.map((name) => (
          <li className="nav-item" key={name} role="presentation">
            <button
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-selected={tab === name}
              aria-controls="site-tab-panel"
              className={`nav-link text-nowrap${tab === name ? ' active' : ''}`}
              onClick={() => setTab(name)}
            >
              {t(`sites.tab.${name}`)}
            </button>
          </li>
        ))}
      </ul>
      <div id="site-tab-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'bundles' && loaded ? (
          <BundlesPanel site={loaded} />
        ) : tab === 'campaigns' && loaded ? (
          <CampaignsPanel site={loaded} />
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <div className="row g-3">
              {fields.map((name) => (
                <div className={HALF.has(SITE_FIELDS[name].widget) ? 'col-12 col-md-6' : 'col-12'} key={name}>
                  <SiteField
                    name={name}
                    value={value[name]}
                    companies={companies}
                    issue={issues[name]}
                    onChange={(v) => setValue({ ...value, [name]: v } as TSiteInput)}
                  />
                </div>
              ))}
            </div>
            <div className="d-flex gap-2 align-items-center mt-3">
              <button type="submit" className="btn btn-primary" disabled={!isHydrated || busy}>
                {busy ? t('common.working') : loaded ? t('common.save') : t('sites.editor.create')}
              </button>
              <span role="status" className="small">
                {saved ? (
                  t('sites.saved_live')
                ) : issues._ ? (
                  <span className="text-danger">{issueText(t, issues.bundle ?? issues._)}</span>
                ) : null}
              </span>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
