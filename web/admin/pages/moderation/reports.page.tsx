import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASONS, REPORT_ACTIONS, type TReportAction } from '#common/moderation.ts';
import { REPORT_REASONS } from '#common/reports.ts';
import { adminModerationApi, type TReportEvidence, type TReportLine } from '#common/wire/admin/moderation.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { ErrorAlert } from '#web/admin/features/feedback/error-alert.tsx';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { SelectField } from '#web/admin/features/forms/select-field.tsx';
import { SiteSelect } from '#web/admin/features/forms/site-select.tsx';
import { SimpleTable } from '#web/admin/features/tables/simple-table.tsx';

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
  if (load.error) return <ErrorAlert error={load.error} />;
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
          <SelectField
            id="decide-action"
            className="col-6 col-md-3"
            label={t('moderation.action')}
            value={action}
            onChange={(value) => setAction(value as TReportAction)}
            options={REPORT_ACTIONS.map((a) => ({ value: a, label: t(`moderation.actions.${a}`) }))}
          />
          <SelectField
            id="decide-reason"
            className="col-6 col-md-3"
            label={t('moderation.reason')}
            value={reason}
            onChange={setReason}
            options={MODERATION_REASONS.map((r) => ({ value: r, label: t(`moderation.decision_reasons.${r}`) }))}
          />
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
          <div className="col-12">
            <ErrorAlert error={save.error} />
          </div>
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
  const { t, i18n } = useTranslation('admin');
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
  const filterProps = (name: keyof TFilter) => ({
    id: `reports-${name}`,
    className: 'col-6 col-md-3',
    label: t(`moderation.filter_${name}`),
    value: filter[name],
    onChange: (value: string) => setFilter({ ...filter, [name]: value }),
  });
  return (
    <>
      <title>{t('moderation.reports_title')}</title>
      <h1 className="h3 mb-3">{t('moderation.reports_title')}</h1>
      <div className="row g-2 mb-3" role="group" aria-label={t('moderation.filters')}>
        <SelectField
          {...filterProps('status')}
          options={[
            { value: 'open', label: t('moderation.status_open') },
            { value: 'decided', label: t('moderation.status_decided') },
          ]}
        />
        <SelectField
          {...filterProps('reason')}
          all
          options={REPORT_REASONS.map((r) => ({ value: r, label: t(`moderation.reasons.${r}`) }))}
        />
        <SiteSelect {...filterProps('siteId')} />
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
      <LoadState
        error={load.error}
        onRetry={() => refresh(filter)}
        data={rows}
        isEmpty={(list) => list.length === 0}
        empty={t('moderation.reports_empty')}
      >
        {(list) => (
          <>
            <p className="small text-body-secondary">{t('moderation.total', { n: total })}</p>
            <SimpleTable
              label={t('moderation.reports_title')}
              align="top"
              head={[
                t('moderation.reported_at'),
                t('moderation.reason'),
                t('moderation.member'),
                t('moderation.site'),
                t('common.actions'),
              ]}
            >
              {list.map((r) => (
                <tr key={r.id}>
                  <td>
                    <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleString(i18n.language)}</time>
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
            </SimpleTable>
          </>
        )}
      </LoadState>
    </>
  );
}
