import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminStaffApi, type TAuditEntry, type TStaffListItem } from '#common/wire/admin/staff.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';

type TFilter = { staffId: string; action: string; siteId: string; userId: string };
const EMPTY: TFilter = { staffId: '', action: '', siteId: '', userId: '' };

/** The query of a filter: only the fields set, numbers as numbers. */
function queryOf(filter: TFilter, before?: number) {
  const num = (v: string) => (v ? Number(v) : undefined);
  return {
    staffId: num(filter.staffId),
    action: filter.action.trim() || undefined,
    siteId: num(filter.siteId),
    userId: num(filter.userId),
    before,
  };
}

/** A change as "field: before → after" lines (values as JSON). */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (!keys.length) return null;
  return (
    <ul className="list-unstyled small mb-0 font-monospace text-break">
      {keys.map((k) => (
        <li key={k}>
          {k}: {k in b ? JSON.stringify(b[k]) : '–'} → {k in a ? JSON.stringify(a[k]) : '–'}
        </li>
      ))}
    </ul>
  );
}

/** The audit log (owners): every staff action, newest first, filtered by staff, action, site and member. */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation('admin');
  const { staff: me } = useAdminData();
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const [draft, setDraft] = useState<TFilter>(EMPTY);
  const [filter, setFilter] = useState<TFilter>(EMPTY);
  const [entries, setEntries] = useState<TAuditEntry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [team, setTeam] = useState<TStaffListItem[]>([]);
  const fetchPage = useCallback(
    (f: TFilter, before?: number) =>
      void load.run(async () => {
        const page = await api.call(adminStaffApi.audit, queryOf(f, before));
        setEntries((old) => (before && old ? [...old, ...page.entries] : page.entries));
        setNext(page.nextBefore);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [],
  );
  useEffect(() => fetchPage(filter), [fetchPage, filter]);
  useEffect(() => {
    void api.call(adminStaffApi.list).then(
      (a) => setTeam(a.staff),
      () => undefined,
    );
  }, []);
  const field = (name: keyof TFilter) => ({
    id: `audit-${name}`,
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft({ ...draft, [name]: e.target.value }),
  });
  return (
    <>
      <title>{t('audit.title')}</title>
      <h1 className="h3 mb-3">{t('audit.title')}</h1>
      <form
        className="row g-2 align-items-end mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
        }}
        aria-label={t('audit.filters')}
      >
        <div className="col-6 col-md-3">
          <label className="form-label small" htmlFor="audit-staffId">
            {t('audit.staff')}
          </label>
          <select className="form-select form-select-sm" {...field('staffId')}>
            <option value="">{t('common.all')}</option>
            {team.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small" htmlFor="audit-action">
            {t('audit.action')}
          </label>
          <input className="form-control form-control-sm" placeholder="report.ban" {...field('action')} />
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="audit-siteId">
            {t('audit.site')}
          </label>
          <select className="form-select form-select-sm" {...field('siteId')}>
            <option value="">{t('common.all')}</option>
            {me.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-2">
          <label className="form-label small" htmlFor="audit-userId">
            {t('audit.member')}
          </label>
          <input className="form-control form-control-sm" inputMode="numeric" pattern="[0-9]*" {...field('userId')} />
        </div>
        <div className="col-12 col-md-2 d-flex gap-2">
          <button type="submit" className="btn btn-sm btn-primary" disabled={!isHydrated}>
            {t('common.apply')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!isHydrated}
            onClick={() => {
              setDraft(EMPTY);
              setFilter(EMPTY);
            }}
          >
            {t('common.reset')}
          </button>
        </div>
      </form>
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}
        </div>
      ) : null}
      {entries === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="text-body-secondary">{t('audit.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-top bg-white">
            <thead className="text-nowrap">
              <tr>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.about')}</th>
                <th scope="col">{t('audit.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="small text-nowrap">{new Date(e.at).toLocaleString(i18n.language)}</td>
                  <td>{e.staffName ?? t('audit.system')}</td>
                  <td className="font-monospace small">{e.action}</td>
                  <td className="small">
                    {[
                      e.siteId ? siteName(e.siteId) : null,
                      e.userId ? t('audit.member_id', { id: e.userId }) : null,
                      e.subject,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </td>
                  <td>
                    <Changes before={e.before} after={e.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={!isHydrated || load.busy}
          onClick={() => fetchPage(filter, next)}
        >
          {load.busy ? t('common.loading') : t('common.more')}
        </button>
      ) : null}
    </>
  );
}
