import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASONS, REPORT_ACTIONS, type TReportAction } from '#common/moderation.ts';
import { REPORT_REASONS } from '#common/reports.ts';
import { adminModerationApi, type TReportEvidence, type TReportLine } from '#common/wire/admin/moderation.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';

type TFilter = { status: 'open' | 'decided'; reason: string; siteId: string };

/** The evidence of one report and the decision form (moderators). */
function ReportPanel({ reportId, onDecided }: { reportId: number; onDecided: () => void }) {
  const { t } = useTranslation('admin');
  const load = useAsyncAction();
  const save = useAsyncAction();
  const isHydrated = useHydrated();
  const [evidence, setEvidence] = useState<TReportEvidence | null>(null);
  const [action, setAction] = useState<TReportAction>('dismiss');
  const [reason, setReason] = useState<string>(MODERATION_REASONS[0]);
  const [note, setNote] = useState('');
  const [until, setUntil] = useState('');
  useEffect(() => {
    void load.run(async () => setEvidence(await api.call(adminModerationApi.report, { reportId })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
  }, [reportId]);
  if (load.error) return <div className="alert alert-danger">{load.error}</div>;
  if (!evidence) return <p role="status">{t('common.loading')}</p>;
  const { report, photo, messages } = evidence;
  const snap = report.snapshot;
  return (
    <section className="card card-body mb-3" aria-labelledby="report-title">
      <h2 id="report-title" className="h5">
        {t('moderation.report_n', { id: report.id })} · {t(`moderation.reasons.${report.reason}`)}
      </h2>
      {report.message ? <blockquote className="border-start ps-2 text-break">{report.message}</blockquote> : null}
      {snap ? (
        <div className="mb-2">
          <h3 className="h6">{t('moderation.snapshot')}</h3>
          <p className="mb-1">
            <strong>{snap.name}</strong> · {snap.gender} · {snap.birthDate} · {snap.city} {snap.country}
          </p>
          <p className="small text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {snap.aboutMe}
          </p>
          <div className="d-flex flex-wrap gap-2">
            {snap.photos.map((p) => (
              <img key={p.id} src={p.url} alt="" width={96} height={96} style={{ objectFit: 'cover' }} />
            ))}
          </div>
        </div>
      ) : null}
      {photo ? (
        <div className="mb-2">
          <h3 className="h6">{t('moderation.reported_photo')}</h3>
          <img src={photo.filename} alt={t('moderation.reported_photo')} style={{ maxWidth: '100%', maxHeight: 320 }} />
        </div>
      ) : null}
      {messages.length ? (
        <div className="mb-2">
          <h3 className="h6">{t('moderation.reported_messages')}</h3>
          <ul className="list-unstyled small">
            {messages.map((m) => (
              <li key={m.id} className="border rounded p-2 mb-1 text-break">
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>: {m.body}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.status === 'open' ? (
        <form
          className="row g-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save.run(async () => {
              const when = action === 'suspend' && until ? new Date(until) : undefined;
              await api.call(adminModerationApi.decide, {
                reportId: report.id,
                action,
                reason: reason as (typeof MODERATION_REASONS)[number],
                note,
                until: when,
              });
              onDecided();
            });
          }}
        >
          <div className="col-6 col-md-3">
            <label className="form-label small" htmlFor="decide-action">
              {t('moderation.action')}
            </label>
            <select
              id="decide-action"
              className="form-select form-select-sm"
              value={action}
              onChange={(e) => setAction(e.target.value as TReportAction)}
            >
              {REPORT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`moderation.actions.${a}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label className="form-label small" htmlFor="decide-reason">
              {t('moderation.reason')}
            </label>
            <select
              id="decide-reason"
              className="form-select form-select-sm"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            >
              {MODERATION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`moderation.decision_reasons.${r}`)}
                </option>
              ))}
            </select>
          </div>
          {action === 'suspend' ? (
            <div className="col-12 col-md-3">
              <label className="form-label small" htmlFor="decide-until">
                {t('moderation.until')}
              </label>
              <input
                id="decide-until"
                type="datetime-local"
                required
                className="form-control form-control-sm"
                value={until}
                onChange={(e) => setUntil(e.target.value)}
              />
            </div>
          ) : null}
          <div className="col-12">
            <label className="form-label small" htmlFor="decide-note">
              {t('moderation.note')}
            </label>
            <textarea
              id="decide-note"
              className="form-control form-control-sm"
              rows={3}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="form-text">{t('moderation.note_help')}</div>
          </div>
          {save.error ? <div className="alert alert-danger">{save.error}</div> : null}
          <div className="col-12">
            <button type="submit" className="btn btn-sm btn-primary" disabled={!isHydrated || save.busy}>
              {t('moderation.decide')}
            </button>
          </div>
        </form>
      ) : (
        <p className="mb-0">
          {t('moderation.decided_as', { action: t(`moderation.actions.${report.decision ?? 'dismiss'}`) })}
        </p>
      )}
    </section>
  );
}

/** The reports queue (moderators): oldest first, by status, reason and site, with the evidence and decisions. */
export default function AdminReportsPage() {
  const { t } = useTranslation('admin');
  const { staff: me } = useAdminData();
  const siteName = useSiteName();
  const load = useAsyncAction();
  const [filter, setFilter] = useState<TFilter>({ status: 'open', reason: '', siteId: '' });
  const [rows, setRows] = useState<TReportLine[] | null>(null);
  const [total, setTotal] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const refresh = useCallback(
    (f: TFilter) =>
      void load.run(async () => {
        const reason = (f.reason || undefined) as (typeof REPORT_REASONS)[number] | undefined;
        const siteId = f.siteId ? Number(f.siteId) : undefined;
        const page = await api.call(adminModerationApi.reports, { status: f.status, reason, siteId, page: 0 });
        setRows(page.rows);
        setTotal(page.total);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [],
  );
  useEffect(() => refresh(filter), [refresh, filter]);
  const select = (name: keyof TFilter, options: [string, string][]) => (
    <div className="col-6 col-md-3">
      <label className="form-label small" htmlFor={`reports-${name}`}>
        {t(`moderation.filter_${name}`)}
      </label>
      <select
        id={`reports-${name}`}
        className="form-select form-select-sm"
        value={filter[name]}
        onChange={(e) => setFilter({ ...filter, [name]: e.target.value })}
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <title>{t('moderation.reports_title')}</title>
      <h1 className="h3 mb-3">{t('moderation.reports_title')}</h1>
      <div className="row g-2 mb-3">
        {select('status', [
          ['open', t('moderation.status_open')],
          ['decided', t('moderation.status_decided')],
        ])}
        {select('reason', [
          ['', t('common.all')],
          ...REPORT_REASONS.map((r): [string, string] => [r, t(`moderation.reasons.${r}`)]),
        ])}
        {select('siteId', [['', t('common.all')], ...me.sites.map((s): [string, string] => [String(s.id), s.name])])}
      </div>
      {open !== null ? (
        <ReportPanel
          key={open}
          reportId={open}
          onDecided={() => {
            setOpen(null);
            refresh(filter);
          }}
        />
      ) : null}
      {load.error ? <div className="alert alert-danger">{load.error}</div> : null}
      {rows === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">{t('moderation.reports_empty')}</p>
      ) : (
        <div className="table-responsive">
          <p className="small text-body-secondary">{t('moderation.total', { n: total })}</p>
          <table className="table table-sm align-top bg-white">
            <thead className="text-nowrap">
              <tr>
                <th scope="col">{t('moderation.reported_at')}</th>
                <th scope="col">{t('moderation.reason')}</th>
                <th scope="col">{t('moderation.member')}</th>
                <th scope="col">{t('moderation.site')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleString()}</time>
                  </td>
                  <td>{t(`moderation.reasons.${r.reason}`)}</td>
                  <td className="text-break">
                    {r.profileName} (#{r.profileId})
                  </td>
                  <td>{siteName(r.siteId)}</td>
                  <td>
                    <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setOpen(r.id)}>
                      {t('moderation.open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
