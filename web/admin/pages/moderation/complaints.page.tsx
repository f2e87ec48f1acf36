import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TComplaintStatus } from '#common/moderation.ts';
import { adminModerationApi, MODERATION_PAGE } from '#common/wire/admin/moderation.ts';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { Pager, pageCountOf } from '#web/admin/features/tables/pager.tsx';
import { usePagedQuery } from '#web/admin/features/tables/use-paged-query.ts';
import { api } from '#web/lib/api.ts';
import { ComplaintCard, ComplaintStatusSelect } from './complaints-card.tsx';

/** The complaints inbox (moderators): complaints of the /complaints form, oldest first, by status and site, paged. */
export default function AdminComplaintsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<TComplaintStatus>('open');
  const [siteId, setSiteId] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const query = useMemo(() => ({ status, siteId: siteId ? Number(siteId) : undefined }), [status, siteId]);
  const list = usePagedQuery(query, (q, page) => api.call(adminModerationApi.complaints, { ...q, page }));
  const choose = (change: () => void) => {
    setDone(null);
    change();
  };
  return (
    <>
      <title>{t('moderation.complaints_title')}</title>
      <h1 className="h3 mb-3">{t('moderation.complaints_title')}</h1>
      <div className="row g-2 mb-3">
        <div className="col-6 col-md-3">
          <ComplaintStatusSelect
            id="complaints-status"
            value={status}
            onChange={(next) => choose(() => setStatus(next))}
          />
        </div>
        <div className="col-6 col-md-3">
          <SiteSelect
            id="complaints-site"
            label={t('moderation.filter_siteId')}
            value={siteId}
            onChange={(next) => choose(() => setSiteId(next))}
          />
        </div>
      </div>
      <div aria-live="polite">{done ? <div className="alert alert-success">{done}</div> : null}</div>
      <LoadState
        error={list.error}
        data={list.data}
        isEmpty={(d) => d.rows.length === 0}
        empty={t('moderation.complaints_empty')}
        onRetry={list.refresh}
      >
        {(data) => (
          <>
            <p className="small text-body-secondary">{t('moderation.total', { n: data.total })}</p>
            {data.rows.map((c) => (
              <ComplaintCard
                key={`${c.id}-${c.status}-${c.repliedAt ?? ''}`}
                complaint={c}
                onDone={(what) => {
                  setDone(t(what === 'reply' ? 'moderation.complaint_sent' : 'moderation.complaint_status_set'));
                  list.refresh();
                }}
              />
            ))}
            <Pager
              pageIndex={list.pageIndex}
              pageCount={pageCountOf(data.total, MODERATION_PAGE)}
              onPage={list.setPageIndex}
            />
          </>
        )}
      </LoadState>
    </>
  );
}
