import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLocale, LOCALE_NAMES } from '#common/locales.ts';
import { COMPLAINT_REPLY_MAX, COMPLAINT_STATUSES, type TComplaintStatus } from '#common/moderation.ts';
import { adminPath } from '#common/routes.ts';
import { adminModerationApi, type TComplaintLine } from '#common/wire/admin/moderation.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** A labelled choice of complaint status (the inbox's filter and a complaint's status). */
export function ComplaintStatusSelect(props: {
  id: string;
  value: TComplaintStatus;
  onChange: (status: TComplaintStatus) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <label className="form-label small" htmlFor={props.id}>
        {t('moderation.filter_status')}
      </label>
      <select
        id={props.id}
        className="form-select form-select-sm"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as TComplaintStatus)}
      >
        {COMPLAINT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`moderation.complaint_statuses.${s}`)}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * One complaint of the inbox: what was sent, by whom, from which site and when; the answer if there is one; a reply
 * form (emailed to the sender in the language they wrote in) and the status.
 */
export function ComplaintCard(props: { complaint: TComplaintLine; onDone: (what: 'reply' | 'status') => void }) {
  const { complaint: c, onDone } = props;
  const { t, i18n } = useTranslation('admin');
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const act = useAsyncAction();
  const [reply, setReply] = useState('');
  const [status, setStatus] = useState<TComplaintStatus>(c.status as TComplaintStatus);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const language = isLocale(c.locale) ? LOCALE_NAMES[c.locale] : c.locale;
  const id = (name: string) => `complaint-${c.id}-${name}`;
  const send = (what: 'reply' | 'status', work: () => Promise<unknown>) =>
    void act.run(async () => {
      await work();
      onDone(what);
    });
  return (
    <article className="card mb-3" aria-labelledby={id('title')}>
      <div className="card-body">
        <h2 id={id('title')} className="h6 mb-1">
          {t('moderation.complaint_n', { id: c.id })} · {t(`moderation.complaint_topics.${c.topic}`)}
          <span className="badge text-bg-secondary ms-2">{t(`moderation.complaint_statuses.${c.status}`)}</span>
        </h2>
        <p className="small text-body-secondary mb-2">
          <time dateTime={c.createdAt}>{when(c.createdAt)}</time> · {siteName(c.siteId)} · {language}
        </p>
        <p className="small mb-2 text-break">
          <strong>{c.name}</strong> &lt;{c.email}&gt; ·{' '}
          {c.userId ? (
            <Link to={adminPath('admin-member', { userId: String(c.userId) })}>
              {t('moderation.complaint_member', { id: c.userId })}
            </Link>
          ) : (
            t('moderation.complaint_visitor')
          )}
        </p>
        <blockquote className="border-start ps-2 text-break mb-3" style={{ whiteSpace: 'pre-wrap' }}>
          {c.message}
        </blockquote>
        {c.reply ? (
          <div className="mb-3">
            <h3 className="h6">{t('moderation.complaint_replied', { date: c.repliedAt ? when(c.repliedAt) : '–' })}</h3>
            <div className="bg-body-tertiary rounded p-2 small text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {c.reply}
            </div>
          </div>
        ) : null}
        <form
          className="mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            send('reply', () => api.call(adminModerationApi.replyComplaint, { complaintId: c.id, reply }));
          }}
        >
          <label className="form-label small" htmlFor={id('reply')}>
            {t(c.reply ? 'moderation.complaint_reply_again' : 'moderation.complaint_reply')}
          </label>
          <textarea
            id={id('reply')}
            className="form-control form-control-sm"
            rows={4}
            required
            maxLength={COMPLAINT_REPLY_MAX}
            value={reply}
            aria-describedby={id('reply-help')}
            onChange={(e) => setReply(e.target.value)}
          />
          <div id={id('reply-help')} className="form-text d-flex flex-wrap justify-content-between gap-2">
            <span>{t('moderation.complaint_reply_help', { language })}</span>
            <span>{t('moderation.complaint_chars', { n: reply.length, max: COMPLAINT_REPLY_MAX })}</span>
          </div>
          <button
            type="submit"
            className="btn btn-sm btn-primary mt-2"
            disabled={!isHydrated || act.busy || !reply.trim()}
          >
            {t('moderation.complaint_send')}
          </button>
        </form>
        <form
          className="d-flex flex-wrap align-items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send('status', () => api.call(adminModerationApi.complaintStatus, { complaintId: c.id, status }));
          }}
        >
          <div>
            <ComplaintStatusSelect id={id('status')} value={status} onChange={setStatus} />
          </div>
          <button
            type="submit"
            className="btn btn-sm btn-outline-primary"
            disabled={!isHydrated || act.busy || status === c.status}
          >
            {t('moderation.complaint_set_status')}
          </button>
        </form>
        {act.error ? (
          <div className="alert alert-danger mt-2 mb-0" role="alert">
            {act.error}
          </div>
        ) : null}
      </div>
    </article>
  );
}
