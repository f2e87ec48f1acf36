import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { adminOpsApi, type TFailedJob, type TQueueDepth, type TSendCount } from '#common/wire/admin/ops.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { ErrorAlert } from '#web/admin/features/feedback/error-alert.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { Pager, pageCountOf } from '#web/admin/features/tables/pager.tsx';
import { SimpleTable } from '#web/admin/features/tables/simple-table.tsx';

type TData = { queue: TQueueDepth[]; sends: TSendCount[]; failed: TFailedJob[]; total: number; pageSize: number };

const QUEUE_COLUMNS = ['due', 'running', 'retrying', 'scheduled', 'failed'] as const;

/** Jobs (issue 30): queue depth per kind, failed jobs with their reason and a retry, notification sends per kind. */
export default function AdminOpsPage() {
  const { t, i18n } = useTranslation('admin');
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const act = useAsyncAction();
  const [siteId, setSiteId] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TData | null>(null);
  const [done, setDone] = useState('');
  const refresh = useCallback(
    (site: string, p: number) =>
      void load.run(async () => {
        const q = site ? { siteId: Number(site) } : {};
        const [queue, sends, failed] = await Promise.all([
          api.call(adminOpsApi.queue, q),
          api.call(adminOpsApi.sends, q),
          api.call(adminOpsApi.failed, { ...q, page: p }),
        ]);
        setData({
          queue: queue.kinds,
          sends: sends.sends,
          failed: failed.jobs,
          total: failed.total,
          pageSize: failed.pageSize,
        });
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [],
  );
  useEffect(() => refresh(siteId, page), [refresh, siteId, page]);
  const retry = (job: TFailedJob) =>
    act.run(async () => {
      await api.call(adminOpsApi.retry, { jobId: job.id });
      setDone(t('ops.retried', { id: job.id }));
      refresh(siteId, page);
    });
  const pages = data ? pageCountOf(data.total, data.pageSize) : 1;
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <>
      <title>{t('ops.title')}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('ops.title')}</h1>
        <Link className="btn btn-sm btn-primary" to={adminPath('admin-ops-broadcast')}>
          {t('ops.broadcast_link')}
        </Link>
      </div>
      <SiteSelect
        id="ops-site"
        className="mb-3 admin-narrow"
        label={t('ops.site')}
        value={siteId}
        disabled={!isHydrated}
        onChange={(value) => {
          setSiteId(value);
          setPage(1);
        }}
      />
      <ErrorAlert error={load.error ?? act.error} />
      <p className="visually-hidden" role="status">
        {done}
      </p>
      {data === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <SimpleTable
            caption={t('ops.queue_title')}
            head={[t('ops.kind'), ...QUEUE_COLUMNS.map((c) => t(`ops.state.${c}`))]}
            empty={data.queue.length === 0}
            emptyText={t('ops.none')}
            className="mb-4"
          >
            {data.queue.map((k) => (
              <tr key={k.kind}>
                <th scope="row" className="font-monospace small fw-normal">
                  {k.kind}
                </th>
                {QUEUE_COLUMNS.map((c) => (
                  <td key={c} className={c === 'failed' && k.failed > 0 ? 'text-danger fw-semibold' : ''}>
                    {k[c]}
                  </td>
                ))}
              </tr>
            ))}
          </SimpleTable>
          <SimpleTable
            caption={t('ops.failed_title', { n: data.total })}
            head={[
              t('ops.job'),
              t('ops.kind'),
              t('ops.reason'),
              t('ops.failed_at'),
              t('ops.about'),
              t('common.actions'),
            ]}
            empty={data.failed.length === 0}
            emptyText={t('ops.none')}
            className="mb-4"
          >
            {data.failed.map((j) => (
              <tr key={j.id}>
                <td>#{j.id}</td>
                <td className="font-monospace small">{j.kind}</td>
                <td className="small text-break">
                  {j.lastError ?? '–'}{' '}
                  <span className="text-body-secondary">({t('ops.attempts', { n: j.attempts })})</span>
                </td>
                <td className="small text-nowrap">{date(j.failedAt)}</td>
                <td className="small">
                  {[
                    j.siteId ? siteName(j.siteId) : t('ops.platform'),
                    j.userId ? t('ops.member_id', { id: j.userId }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </td>
                <td>
                  {j.retryable ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-primary"
                      disabled={!isHydrated || act.busy}
                      onClick={() => void retry(j)}
                      aria-label={t('ops.retry_label', { id: j.id })}
                    >
                      {t('ops.retry')}
                    </button>
                  ) : (
                    <span className="small text-body-secondary">{t('ops.not_retryable')}</span>
                  )}
                </td>
              </tr>
            ))}
          </SimpleTable>
          <Pager
            pageIndex={page - 1}
            pageCount={pages}
            onPage={(index) => setPage(index + 1)}
            label={t('ops.pages')}
            className="mb-4"
          />
          <SimpleTable
            caption={t('ops.sends_title')}
            head={[t('ops.kind'), t('ops.channel'), t('ops.status'), t('ops.last7'), t('ops.last30')]}
            empty={data.sends.length === 0}
            emptyText={t('ops.none')}
            className="mb-4"
          >
            {data.sends.map((s) => (
              <tr key={`${s.kind}-${s.channel}-${s.status}`}>
                <td className="font-monospace small">{s.kind}</td>
                <td>{s.channel}</td>
                <td>{s.status}</td>
                <td>{s.last7}</td>
                <td>{s.last30}</td>
              </tr>
            ))}
          </SimpleTable>
        </>
      )}
    </>
  );
}
