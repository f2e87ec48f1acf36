import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminStaffApi, type TAuditEntry, type TStaffListItem } from '#common/wire/admin/staff.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { FiltersForm, useFilters } from '#web/admin/features/forms/filters-form.tsx';
import { TextField } from '#web/admin/features/forms/text-field.tsx';
import { SelectField } from '#web/admin/features/forms/select-field.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { SimpleTable } from '#web/admin/features/tables/simple-table.tsx';

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
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const filters = useFilters(EMPTY);
  const { draft } = filters;
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
  useEffect(() => fetchPage(filters.query), [fetchPage, filters.query]);
  useEffect(() => {
    void api.call(adminStaffApi.list).then(
      (a) => setTeam(a.staff),
      () => undefined,
    );
  }, []);
  return (
    <>
      <title>{t('audit.title')}</title>
      <h1 className="h3 mb-3">{t('audit.title')}</h1>
      <FiltersForm
        label={t('audit.filters')}
        onApply={filters.apply}
        onReset={filters.reset}
        buttonClassName="col-12 col-md-2"
      >
        <SelectField
          id="audit-staffId"
          className="col-6 col-md-3"
          label={t('audit.staff')}
          value={draft.staffId}
          onChange={filters.field('staffId')}
          all
          options={team.map((s) => ({ value: s.id, label: s.name }))}
        />
        <TextField
          id="audit-action"
          className="col-6 col-md-3"
          label={t('audit.action')}
          placeholder="report.ban"
          value={draft.action}
          onChange={filters.input('action')}
        />
        <SiteSelect
          id="audit-siteId"
          className="col-6 col-md-2"
          label={t('audit.site')}
          value={draft.siteId}
          onChange={filters.field('siteId')}
        />
        <TextField
          id="audit-userId"
          className="col-6 col-md-2"
          label={t('audit.member')}
          inputMode="numeric"
          pattern="[0-9]*"
          value={draft.userId}
          onChange={filters.input('userId')}
        />
      </FiltersForm>
      <LoadState
        error={load.error}
        data={entries}
        isEmpty={(list) => list.length === 0}
        empty={t('audit.empty')}
        onRetry={() => fetchPage(filters.query)}
      >
        {(list) => (
          <SimpleTable
            label={t('audit.title')}
            align="top"
            head={[t('audit.at'), t('audit.who'), t('audit.action'), t('audit.about'), t('audit.changes')]}
          >
            {list.map((e) => (
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
          </SimpleTable>
        )}
      </LoadState>
      {next ? (
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={!isHydrated || load.busy}
          onClick={() => fetchPage(filters.query, next)}
        >
          {load.busy ? t('common.loading') : t('common.more')}
        </button>
      ) : null}
    </>
  );
}
