import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TComplaintStatus } from '#common/moderation.ts';
import { adminModerationApi, MODERATION_PAGE, type TComplaintLine } from '#common/wire/admin/moderation.ts';
import { useAdminData } from '#web/admin/admin-data.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { ComplaintCard, ComplaintStatusSelect } from './complaints-card.tsx';

type TFilter = { status: TComplaintStatus; siteId: string };

/** The complaints inbox (moderators): complaints of the /complaints form, oldest first, by status and site, paged. */
export default function AdminComplaintsPage() {
  const { t } = useTranslation('admin');
  const { staff: me } = useAdminData();
  const load = useAsyncAction();
  const [filter, setFilter] = useState<TFilter>({ status: 'open', siteId: '' });
  const [pageIndex, setPageIndex] = useState(0);
  const [list, setList] = useState<{ rows: TComplaintLine[]; total: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = useCallback(
    (f: TFilter, n: number) =>
      void load.run(async () => {
        const siteId = f.siteId ? Number(f.siteId) : undefined;
        setList(await api.call(adminModerationApi.complaints, { status: f.status, siteId, page: n }));
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [],
  );
  useEffect(() => refresh(filter, pageIndex), [refresh, filter, pageIndex]);
  const pages = list ? Math.max(1, Math.ceil(list.total / MODERATION_PAGE)) : 1;
  const choose = (next: TFilter) => {
    setDone(null);
    setPageIndex(0);
    setFilter(next);
  };
  return (
    <>
      <title>{t('moderation.complaints_title')}</title>
      <h1 className="h3 mb-3">{t('moderation.complaints_title')}</h1>
      <div className="row g-2 mb-3">
        <div className="col-6 col-md-3">
          <ComplaintStatusSelect
            id="complaints-status"
            value={filter.status}
            onChange={(status) => choose({ ...filter, status })}
          />
        </div>
        <div className="col-6 col-md-3">
          <label className="form-label small" htmlFor="complaints-site">
            {t('moderation.filter_siteId')}
          </label>
          <select
            id="complaints-site"
            className="form-select form-select-sm"
            value={filter.siteId}
            onChange={(e) => choose({ ...filter, siteId: e.target.value })}
          >
            <option value="">{t('common.all')}</option>
            {me.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-live="polite">{done ? <div className="alert alert-success">{done}</div> : null}</div>
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}
        </div>
      ) : list === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : list.rows.length === 0 ? (
        <p className="text-body-secondary">{t('moderation.complaints_empty')}</p>
      ) : (
        <>
          <p className="small text-body-secondary">{t('moderation.total', { n: list.total })}</p>
          {list.rows.map((c) => (
            <ComplaintCard
              key={`${c.id}-${c.status}-${c.repliedAt ?? ''}`}
              complaint={c}
              onDone={(what) => {
                setDone(t(what === 'reply' ? 'moderation.complaint_sent' : 'moderation.complaint_status_set'));
                refresh(filter, pageIndex);
              }}
            />
          ))}
          {pages > 1 ? (
            <nav className="d-flex align-items-center gap-2" aria-label={t('members.pages')}>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={pageIndex === 0}
                onClick={() => setPageIndex(pageIndex - 1)}
              >
                {t('members.previous')}
              </button>
              <span className="small">{t('moderation.page_of', { page: pageIndex + 1, pages })}</span>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={pageIndex + 1 >= pages}
                onClick={() => setPageIndex(pageIndex + 1)}
              >
                {t('members.next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}
