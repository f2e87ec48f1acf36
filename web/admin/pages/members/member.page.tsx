import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { roleAllowed } from '#common/staff.ts';
import { adminPath } from '#common/routes.ts';
import { adminMembersApi, MEMBER_ACTION_ROLES, type TMemberFile } from '#common/wire/admin/members.ts';
import { useAdminData, useSiteName } from '#web/admin/admin-data.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { MemberList } from './member-list.tsx';

/** A member's page (console): account state, money, sessions, reports and audit, with the actions the role allows. */
export default function AdminMemberPage() {
  const { t, i18n } = useTranslation('admin');
  const { staff } = useAdminData();
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  const load = useAsyncAction();
  const act = useAsyncAction();
  const [file, setFile] = useState<TMemberFile | null>(null);
  const [version, setVersion] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const refresh = useCallback(
    () =>
      void load.run(async () => {
        setFile(await api.call(adminMembersApi.file, { userId }));
        setVersion((v) => v + 1);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [userId],
  );
  useEffect(refresh, [refresh]);
  const may = (roles: readonly (typeof staff.role)[]) => roleAllowed(staff.role, { roles });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '–');
  /** Runs an action, then reloads the page's data and says it was done. */
  const run = (key: string, work: () => Promise<unknown>) =>
    void act.run(async () => {
      setDone(null);
      await work();
      setDone(t(`members.done.${key}`));
      refresh();
    });
  const button = (key: string, roles: readonly (typeof staff.role)[], work: () => Promise<unknown>) =>
    may(roles) ? (
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={!isHydrated || act.busy}
        onClick={() => run(key, work)}
      >
        {t(`members.actions.${key}`)}
      </button>
    ) : null;
  if (!file) {
    return load.error ? (
      <div className="alert alert-danger" role="alert">
        {load.error}
      </div>
    ) : (
      <p role="status">{t('common.loading')}</p>
    );
  }
  const a = file.account;
  return (
    <>
      <title>{`${a.profile.name} · ${t('members.title')}`}</title>
      <p>
        <Link to={adminPath('admin-members')}>{t('members.back')}</Link>
      </p>
      <h1 className="h3">{a.profile.name || '–'}</h1>
      <dl className="row small">
        <dt className="col-5 col-md-2">{t('members.email')}</dt>
        <dd className="col-7 col-md-4 text-break">{a.email}</dd>
        <dt className="col-5 col-md-2">{t('members.site')}</dt>
        <dd className="col-7 col-md-4">{siteName(a.siteId)}</dd>
        <dt className="col-5 col-md-2">{t('members.status')}</dt>
        <dd className="col-7 col-md-4">{t(`members.statuses.${a.status}`)}</dd>
        <dt className="col-5 col-md-2">{t('members.profile_id')}</dt>
        <dd className="col-7 col-md-4">{a.profileId}</dd>
        <dt className="col-5 col-md-2">{t('members.profile_status')}</dt>
        <dd className="col-7 col-md-4">{t(`members.profile_statuses.${a.profile.status}`)}</dd>
        <dt className="col-5 col-md-2">{t('members.credits')}</dt>
        <dd className="col-7 col-md-4">{a.credits}</dd>
        <dt className="col-5 col-md-2">{t('members.signed_up')}</dt>
        <dd className="col-7 col-md-4">{when(a.signupDate)}</dd>
        <dt className="col-5 col-md-2">{t('members.last_login')}</dt>
        <dd className="col-7 col-md-4">{when(a.lastLoginAt)}</dd>
        <dt className="col-5 col-md-2">{t('members.flags')}</dt>
        <dd className="col-7 col-md-4">
          {[
            a.paidUser ? t('members.premium') : null,
            a.invisible ? t('members.invisible') : null,
            a.directDebitBlocked ? t('members.dd_blocked') : null,
          ]
            .filter(Boolean)
            .join(' · ') || '–'}
        </dd>
      </dl>
      <section aria-label={t('common.actions')} className="d-flex flex-wrap gap-2 mb-3">
        {a.status === 'not_confirmed'
          ? button('resend_activation', MEMBER_ACTION_ROLES.emails, () =>
              api.call(adminMembersApi.resendActivation, { userId }),
            )
          : null}
        {button('reset_link', MEMBER_ACTION_ROLES.emails, () => api.call(adminMembersApi.sendResetLink, { userId }))}
        {button('end_sessions', MEMBER_ACTION_ROLES.endSessions, () =>
          api.call(adminMembersApi.endSessions, { userId }),
        )}
        {a.directDebitBlocked
          ? button('lift_dd_block', MEMBER_ACTION_ROLES.directDebit, () =>
              api.call(adminMembersApi.liftDirectDebitBlock, { userId }),
            )
          : null}
        {button(a.invisible ? 'show' : 'hide', MEMBER_ACTION_ROLES.invisible, () =>
          api.call(adminMembersApi.setInvisible, { userId, invisible: !a.invisible }),
        )}
        {a.profile.status === 'hidden'
          ? button('unhide', MEMBER_ACTION_ROLES.unhide, () => api.call(adminMembersApi.unhideProfile, { userId }))
          : null}
        {a.status !== 'deleted' && a.status !== 'purged'
          ? button('delete', MEMBER_ACTION_ROLES.delete, async () => {
              if (window.confirm(t('members.confirm_delete')))
                await api.call(adminMembersApi.delete, { userId, reason: t('members.deleted_by_staff') });
            })
          : null}
      </section>
      {may(MEMBER_ACTION_ROLES.adjustCredits) ? (
        <form
          className="row g-2 align-items-end mb-3"
          aria-label={t('members.adjust')}
          onSubmit={(e) => {
            e.preventDefault();
            run('adjust', () => api.call(adminMembersApi.adjustCredits, { userId, delta: Number(delta), reason }));
          }}
        >
          <div className="col-4 col-md-2">
            <label className="form-label small" htmlFor="adjust-delta">
              {t('members.delta')}
            </label>
            <input
              id="adjust-delta"
              className="form-control form-control-sm"
              inputMode="numeric"
              required
              value={delta}
              onChange={(e) => setDelta(e.target.value)}
            />
          </div>
          <div className="col-8 col-md-6">
            <label className="form-label small" htmlFor="adjust-reason">
              {t('members.reason')}
            </label>
            <input
              id="adjust-reason"
              className="form-control form-control-sm"
              required
              minLength={3}
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="col-12 col-md-2">
            <button type="submit" className="btn btn-sm btn-primary" disabled={!isHydrated || act.busy}>
              {t('members.adjust')}
            </button>
          </div>
        </form>
      ) : null}
      <div aria-live="polite">
        {act.error ? <div className="alert alert-danger">{act.error}</div> : null}
        {done ? <div className="alert alert-success">{done}</div> : null}
      </div>
      <MemberList
        key={`payments-${version}`}
        userId={userId}
        list="payments"
        title={t('members.payments')}
        first={file.payments}
        row={(p) => (
          <li key={p.id}>
            <Link to={adminPath('admin-payment', { paymentId: p.id })}>{when(p.createdAt)}</Link> ·{' '}
            {(p.amountMinor / 100).toFixed(2)} {p.currency} · {p.method} · {t(`payments.statuses.${p.status}`)}
          </li>
        )}
      />
      <MemberList
        key={`ledger-${version}`}
        userId={userId}
        list="ledger"
        title={t('members.ledger')}
        first={file.ledger}
        row={(l) => (
          <li key={l.id}>
            {when(l.createdAt)} · {l.delta > 0 ? `+${l.delta}` : l.delta} · {l.reason}
          </li>
        )}
      />
      <MemberList
        key={`sessions-${version}`}
        userId={userId}
        list="sessions"
        title={t('members.sessions')}
        first={file.sessions}
        row={(s) => (
          <li key={s.id}>
            {[s.browser, s.os, s.device, s.country].filter(Boolean).join(' · ')} · {when(s.lastSeenAt)}
          </li>
        )}
        after={file.devices.map((d) => (
          <li key={`d${d.id}`}>
            {t('members.push_device')}: {[d.browser, d.os, d.service].filter(Boolean).join(' · ')}
          </li>
        ))}
      />
      <h2 className="h5 mt-4">{t('members.consents')}</h2>
      <ul className="list-unstyled small">
        {file.consents.map((c) => (
          <li key={`${c.kind}${c.givenAt}`}>
            {c.kind} {c.version} · {when(c.givenAt)}
            {c.withdrawnAt ? ` → ${when(c.withdrawnAt)}` : ''}
          </li>
        ))}
      </ul>
      <MemberList
        key={`notifications-${version}`}
        userId={userId}
        list="notifications"
        title={t('members.notifications')}
        first={file.notifications}
        row={(n) => (
          <li key={n.id}>
            {when(n.createdAt)} · {n.kind} · {n.channel} · {n.status}
            {n.reason ? ` (${n.reason})` : ''}
          </li>
        )}
      />
      <MemberList
        key={`reports-${version}`}
        userId={userId}
        list="reports"
        title={t('members.reports')}
        first={file.reports}
        row={(r) => (
          <li key={r.id}>
            {when(r.createdAt)} · {r.profileId === a.profileId ? t('members.report_against') : t('members.report_by')} ·{' '}
            {r.reason} · {r.status}
          </li>
        )}
      />
      <MemberList
        key={`audit-${version}`}
        userId={userId}
        list="audit"
        title={t('members.audit')}
        first={file.audit}
        row={(e) => (
          <li key={e.id}>
            {when(e.at)} · {e.staffName ?? '–'} · <span className="font-monospace">{e.action}</span>
          </li>
        )}
      />
    </>
  );
}
