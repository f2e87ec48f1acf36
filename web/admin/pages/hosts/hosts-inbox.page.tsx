import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { hostsApi, type THostFigures } from '#common/wire/admin/hosts.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';
import { ErrorAlert } from '#web/admin/features/feedback/error-alert.tsx';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { Pager, pageCountOf } from '#web/admin/features/tables/pager.tsx';
import { usePagedQuery } from '#web/admin/features/tables/use-paged-query.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { agoText } from './hosts-format.ts';

/** The figures a host lead watches: per site, waiting conversations, those being answered now, the oldest wait. */
function Figures({ figures }: { figures: THostFigures | null }) {
  const { t, i18n } = useTranslation('admin');
  if (!figures) return null;
  if (!figures.sites.length) return <p className="alert alert-success">{t('hosts.all_answered')}</p>;
  return (
    <div className="table-responsive mb-3">
      <table className="table table-sm bg-white mb-0">
        <caption className="caption-top">{t('hosts.figures')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('hosts.site')}</th>
            <th scope="col">{t('hosts.unanswered')}</th>
            <th scope="col">{t('hosts.claimed')}</th>
            <th scope="col">{t('hosts.oldest_wait')}</th>
          </tr>
        </thead>
        <tbody>
          {figures.sites.map((s) => (
            <tr key={s.siteId}>
              <td>{s.siteName}</td>
              <td>{s.unanswered}</td>
              <td>{s.claimed}</td>
              <td>{s.oldestWaitingSince ? agoText(s.oldestWaitingSince, i18n.language) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The hosts' inbox: members' conversations with fictional profiles waiting for an answer, oldest first. */
export default function HostsInboxPage() {
  const { t, i18n } = useTranslation('admin');
  const { staff } = useAdminData();
  const siteName = useSiteName();
  const navigate = useNavigate();
  const isHydrated = useHydrated();
  const next = useAsyncAction();
  const [siteId, setSiteId] = useState('');
  const [noneLeft, setNoneLeft] = useState(false);
  const site = siteId ? Number(siteId) : undefined;
  const inbox = usePagedQuery(site, async (query, pageIndex) => {
    const [list, figures] = await Promise.all([
      api.call(hostsApi.inbox, { siteId: query, page: pageIndex + 1 }),
      api.call(hostsApi.figures),
    ]);
    return { list, figures };
  });
  const { refresh } = inbox;
  useEffect(() => {
    // The queue moves while hosts work: fresh figures every 30 s.
    const timer = window.setInterval(refresh, 30_000);
    return () => window.clearInterval(timer);
  }, [refresh]);
  const claimNext = () =>
    next.run(async () => {
      const { lease } = await api.call(hostsApi.next, { siteId: site });
      if (lease) navigate(adminPath('admin-hosts-chat', { chatId: lease.chatId }));
      else setNoneLeft(true);
    });
  const pages = inbox.data ? pageCountOf(inbox.data.list.total, inbox.data.list.pageSize) : 1;
  return (
    <>
      <title>{t('hosts.inbox_title')}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('hosts.inbox_title')}</h1>
        <button type="button" className="btn btn-primary" disabled={!isHydrated || next.busy} onClick={claimNext}>
          {next.busy ? t('common.working') : t('hosts.next')}
        </button>
      </div>
      <ErrorAlert error={next.error} />
      {noneLeft ? (
        <p className="alert alert-info" role="status">
          {t('hosts.none_left')}
        </p>
      ) : null}
      <Figures figures={inbox.data?.figures ?? null} />
      {staff.sites.length > 1 ? (
        <SiteSelect
          id="hosts-site"
          className="mb-3 admin-narrow"
          label={t('hosts.site')}
          value={siteId}
          disabled={!isHydrated}
          onChange={setSiteId}
        />
      ) : null}
      <LoadState
        error={inbox.error}
        onRetry={refresh}
        data={inbox.data?.list ?? null}
        isEmpty={(l) => l.items.length === 0}
        empty={t('hosts.inbox_empty')}
      >
        {(list) => (
          <ul className="list-group mb-3" aria-label={t('hosts.inbox_title')}>
            {list.items.map((item) => (
              <li key={item.chatId} className="list-group-item d-flex gap-3 align-items-start">
                {item.fictional.photo ? (
                  <img src={item.fictional.photo.thumb_filename} alt="" width={48} height={48} className="rounded" />
                ) : null}
                <div className="flex-grow-1" style={{ minWidth: 0 }}>
                  <Link
                    className="fw-semibold stretched-link text-decoration-none"
                    to={adminPath('admin-hosts-chat', { chatId: item.chatId })}
                  >
                    {t('hosts.pair', { member: item.member.name, profile: item.fictional.name })}
                  </Link>
                  <div className="small text-body-secondary">
                    {[
                      item.member.age === null ? null : t('hosts.age', { age: item.member.age }),
                      item.member.city,
                      siteName(item.siteId),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </div>
                  {item.lastMessage ? (
                    <div className="small text-truncate">
                      {item.lastMessage.kind === 'text'
                        ? item.lastMessage.text
                        : t(`hosts.kind_${item.lastMessage.kind}`)}
                    </div>
                  ) : null}
                </div>
                <div className="text-end small text-nowrap">
                  <div>{agoText(item.waitingSince, i18n.language)}</div>
                  {item.lease ? (
                    <span className={`badge ${item.lease.mine ? 'text-bg-primary' : 'text-bg-warning'}`}>
                      {item.lease.mine ? t('hosts.held_by_me') : t('hosts.held_by', { name: item.lease.staffName })}
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      <Pager pageIndex={inbox.pageIndex} pageCount={pages} onPage={inbox.setPageIndex} />
    </>
  );
}
