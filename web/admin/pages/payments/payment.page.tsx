import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { adminPaymentsApi, type TPaymentDetail } from '#common/wire/admin/payments.ts';
import { useSiteName } from '#web/admin/admin-data.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** A payment (console): its member, the provider's reports, ledger rows and audit; refund or decide a review. */
export default function AdminPaymentPage() {
  const { t, i18n } = useTranslation('admin');
  const siteName = useSiteName();
  const isHydrated = useHydrated();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId') ?? '';
  const load = useAsyncAction();
  const act = useAsyncAction();
  const [detail, setDetail] = useState<TPaymentDetail | null>(null);
  const refresh = useCallback(
    () => void load.run(async () => setDetail(await api.call(adminPaymentsApi.detail, { paymentId }))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [paymentId],
  );
  useEffect(refresh, [refresh]);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '–');
  const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;
  const run = (work: () => Promise<unknown>) =>
    void act.run(async () => {
      await work();
      refresh();
    });
  if (!detail) {
    return load.error ? (
      <div className="alert alert-danger" role="alert">
        {load.error}
      </div>
    ) : (
      <p role="status">{t('common.loading')}</p>
    );
  }
  const { payment: p, member } = detail;
  return (
    <>
      <title>{t('payments.payment')}</title>
      <p>
        <Link to={adminPath('admin-payments')}>{t('payments.back')}</Link>
      </p>
      <h1 className="h3">{money(p.amountMinor, p.currency)}</h1>
      <dl className="row small">
        <dt className="col-5 col-md-2">{t('members.status')}</dt>
        <dd className="col-7 col-md-4">{t(`payments.statuses.${p.status}`)}</dd>
        <dt className="col-5 col-md-2">{t('members.member')}</dt>
        <dd className="col-7 col-md-4 text-break">
          <Link to={adminPath('admin-member', { userId: String(member.userId) })}>{member.name || member.email}</Link>
        </dd>
        <dt className="col-5 col-md-2">{t('members.site')}</dt>
        <dd className="col-7 col-md-4">{siteName(member.siteId)}</dd>
        <dt className="col-5 col-md-2">{t('payments.method')}</dt>
        <dd className="col-7 col-md-4">
          {p.method} · {p.provider} {p.providerPaymentId ?? ''}
        </dd>
        <dt className="col-5 col-md-2">{t('members.credits')}</dt>
        <dd className="col-7 col-md-4">{p.credits}</dd>
        <dt className="col-5 col-md-2">{t('payments.created')}</dt>
        <dd className="col-7 col-md-4">{when(p.createdAt)}</dd>
        <dt className="col-5 col-md-2">{t('payments.at_provider')}</dt>
        <dd className="col-7 col-md-4">
          {detail.atProvider
            ? `${detail.atProvider.status} · ${money(detail.atProvider.amountMinor, detail.atProvider.currency)}${
                detail.atProvider.chargedBack ? ` · ${t('payments.charged_back')}` : ''
              }`
            : '–'}
        </dd>
      </dl>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {p.status === 'paid' ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={!isHydrated || act.busy}
            onClick={() => {
              if (window.confirm(t('payments.confirm_refund')))
                run(() => api.call(adminPaymentsApi.refund, { paymentId }));
            }}
          >
            {t('payments.refund')}
          </button>
        ) : null}
        {p.status === 'review'
          ? (['approve', 'decline'] as const).map((decision) => (
              <button
                key={decision}
                type="button"
                className="btn btn-sm btn-outline-primary"
                disabled={!isHydrated || act.busy}
                onClick={() => run(() => api.call(adminPaymentsApi.decide, { paymentId, decision }))}
              >
                {t(`payments.${decision}`)}
              </button>
            ))
          : null}
      </div>
      <div aria-live="polite">{act.error ? <div className="alert alert-danger">{act.error}</div> : null}</div>
      <h2 className="h5 mt-4">{t('payments.reports')}</h2>
      <ul className="list-unstyled small">
        {detail.reports.map((r, i) => (
          <li key={i}>
            {when(r.createdAt)} · {r.source} · {r.status} · {money(r.amountMinor, r.currency)} · {r.outcome}
            {r.chargedBack ? ` · ${t('payments.charged_back')}` : ''}
          </li>
        ))}
      </ul>
      <h2 className="h5 mt-4">{t('members.ledger')}</h2>
      <ul className="list-unstyled small">
        {detail.ledger.map((l, i) => (
          <li key={i}>
            {when(l.createdAt)} · {l.delta > 0 ? `+${l.delta}` : l.delta} · {l.reason}
          </li>
        ))}
      </ul>
      <h2 className="h5 mt-4">{t('members.audit')}</h2>
      <ul className="list-unstyled small">
        {detail.audit.map((e) => (
          <li key={e.id}>
            {when(e.at)} · {e.staffName ?? '–'} · <span className="font-monospace">{e.action}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
