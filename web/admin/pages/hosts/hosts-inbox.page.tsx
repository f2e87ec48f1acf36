import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { hostsApi, type THostFigures, type THostInbox } from '#common/wire/admin/hosts.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';
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
  const load = useAsyncAction();
  const next = useAsyncAction();
  const [siteId, setSiteId] = useState('');
  const [page, setPage] = useState(1);
  const [inbox, setInbox] = useState<THostInbox | null>(null);
  const [figures, setFigures] = useState<THostFigures | null>(null);
  const [noneLeft, setNoneLeft] = useState(false);
  const site = siteId ? Number(siteId) : undefined;
  const refresh = useCallback(
    () =>
      void load.run(async () => {
        const [list, counts] = await Promise.all([
          api.call(hostsApi.inbox, { siteId: site, page }),
          api.call(hostsApi.figures),
        ]);
        setInbox(list);
        setFigures(counts);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [site, page],
  );
  useEffect(() => {
    refresh();
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
  const pages = inbox ? Math.max(1, Math.ceil(inbox.total / inbox.pageSize)) : 1;
  return (
    <>
      <title>{t('hosts.inbox_title')}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('hosts.inbox_title')}</h1>
        <button type="button" className="btn btn-primary" disabled={!isHydrated || next.busy} onClick={claimNext}>
          {next.busy ? t('common.working') : t('hosts.next')}
        </button>
      </div>
      {next.error ? (
        <div className="alert alert-danger" role="alert">
          {next.error}
        </div>
      ) : null}
      {noneLeft ? (
        <p className="alert alert-info" role="status">
          {t('hosts.none_left')}
        </p>
      ) : null}
      <Figures figures={figures} />
      {staff.sites.length > 1 ? (
        <div className="mb-3" style={{ maxWidth: 320 }}>
          <label className="form-label small" htmlFor="hosts-site">
            {t('hosts.site')}
          </label>
          <select
            id="hosts-site"
            className="form-select form-select-sm"
            value={siteId}
            disabled={!isHydrated}
            onChange={(e) => {
              setSiteId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('common.all')}</option>
            {staff.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {load.error ? (
        <div className="alert alert-danger" role="alert">
          {load.error}{' '}
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={refresh}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {inbox === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : inbox.items.length === 0 ? (
        <p className="text-body-secondary">{t('hosts.inbox_empty')}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={t('hosts.inbox_title')}>
          {inbox.items.map((item) => (
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
      {pages > 1 ? (
        <nav aria-label={t('hosts.pages')} className="d-flex gap-2 align-items-center">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!isHydrated || page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('hosts.previous')}
          </button>
          <span className="small">{t('hosts.page_of', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!isHydrated || page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('hosts.next_page')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
