import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useRevalidator } from 'react-router';
import { formatMoney } from '#common/format.ts';
import { FINAL_PAYMENT_STATUSES } from '#common/payments.ts';
import { toPaymentWire } from '#common/wire/payments.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { CardPaymentFailed } from '#web/features/payments/card-payment-failed.tsx';
import { packagesFor, purchaseOrigin } from '#web/features/payments/packages.server.ts';
import { fetchPayment } from '#web/features/payments/payments.api.ts';
import { appContext } from '#web/lib/app-context.ts';
import { reloadCredits } from '#web/lib/credits-store.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/transactions.page';

/** How often the result page asks while the payment is not final. */
const POLL_MS = 2000;

/** One of the member's payments (brought up to date with the provider) or their history; others' are not found. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = requireMember(ctx, request);
  if (params.id) {
    const payment = /^[0-9a-f-]{36}$/.test(params.id)
      ? await ctx.services.payments.get(user.id, params.id).catch(() => null)
      : null;
    if (!payment) throw data('', { status: 404 });
    return {
      payment: toPaymentWire(payment),
      history: null,
      methods: (await packagesFor(ctx)).methods,
      from: purchaseOrigin(request),
    };
  }
  return {
    payment: null,
    history: (await ctx.services.payments.history(user.id)).map(toPaymentWire),
    methods: [],
    from: '',
  };
}

/**
 * transactions (spec §2, §4 payment states): loading, pending, completed, under review, failed or cancelled; or the
 * history.
 */
export default function TransactionsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [payment, setPayment] = useState(loaderData.payment);
  const id = loaderData.payment?.payment_id;
  const final = payment ? FINAL_PAYMENT_STATUSES.includes(payment.status) : true;
  useEffect(() => {
    setPayment(loaderData.payment);
  }, [loaderData.payment]);
  useEffect(() => {
    if (!id || final) return;
    const timer = setInterval(async () => {
      const next = await fetchPayment(id, { progress: false }).catch(() => null);
      if (next) setPayment(next);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [id, final]);
  const { revalidate } = useRevalidator();
  const paid = payment?.status === 'paid';
  // Once per payment: revalidating re-runs this page's loader too, which must not start another round.
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    // A completed purchase: the balance comes over the socket too, but the page should not wait for it; the page data
    // is loaded again so the navigation, the premium state and the time bonus agree at once (issue 31).
    if (!paid || !id || refreshedFor.current === id) return;
    refreshedFor.current = id;
    void reloadCredits();
    void revalidate();
  }, [paid, id, revalidate]);

  if (!payment) {
    const history = loaderData.history ?? [];
    return (
      <section className="container py-4" style={{ maxWidth: 800 }}>
        <PageTitle title={t('credits.history')} />
        <h1 className="h3">{t('credits.history')}</h1>
        {history.length === 0 ? (
          <p>{t('credits.history_empty')}</p>
        ) : (
          <ul className="list-group">
            {history.map((p) => (
              <li key={p.payment_id} className="list-group-item d-flex flex-wrap gap-2 justify-content-between">
                <Link to={url('transactions', { id: p.payment_id })}>
                  {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(p.created_at))}
                </Link>
                <span>{t('credits.package_credits', { count: p.credits })}</span>
                <span>{formatMoney(p.amount, p.currency, i18n.language)}</span>
                <span>{t(`transactions.status.${p.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3">
          <Link to={url('credits')}>{t('credits.title')}</Link>
        </p>
      </section>
    );
  }

  const amount = formatMoney(payment.amount, payment.currency, i18n.language);
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 640 }}>
      <PageTitle title={t('transactions.title')} />
      {payment.status === 'paid' ? (
        <div role="status">
          <h1 className="h3">{t('transactions.completed')}</h1>
          <p className="lead">{t('transactions.added', { count: payment.credits })}</p>
          <p>{t('transactions.premium')}</p>
          <p className="d-flex flex-wrap justify-content-center gap-2">
            {loaderData.from ? (
              <Link className="btn btn-primary" to={loaderData.from}>
                {t('transactions.continue')}
              </Link>
            ) : null}
            <Link className={`btn ${loaderData.from ? 'btn-outline-primary' : 'btn-primary'}`} to={url('chats')}>
              {t('transactions.to_chats')}
            </Link>
          </p>
        </div>
      ) : payment.status === 'refunded' ? (
        <div role="status">
          <h1 className="h3">{t('transactions.status.refunded')}</h1>
        </div>
      ) : payment.status === 'review' ? (
        // Final until support decides (another amount than ours, or paid after it ended): nothing granted, no polling.
        <div role="status">
          <h1 className="h3">{t('transactions.review')}</h1>
          <p className="text-body-secondary">{t('transactions.review_hint')}</p>
        </div>
      ) : payment.status === 'failed' && payment.recurring && payment.payment_method === 'creditcard' ? (
        <div className="text-start">
          <CardPaymentFailed packageId={payment.package_id} methods={loaderData.methods} />
        </div>
      ) : final ? (
        <div role="alert">
          <h1 className="h3">{t('errors.payment_failed')}</h1>
          <p className="text-body-secondary">{t(`transactions.status.${payment.status}`)}</p>
          <Link className="btn btn-primary" to={url('credits')}>
            {t('transactions.try_again')}
          </Link>
        </div>
      ) : (
        <div role="status" aria-live="polite">
          <div className="spinner-border text-primary mb-3" aria-hidden="true" />
          <h1 className="h3">{t('transactions.pending')}</h1>
          <p className="text-body-secondary">
            {payment.payment_method === 'directdebit'
              ? t('transactions.pending_directdebit')
              : t('transactions.pending_hint')}
          </p>
          {/* A direct debit can take days: the member need not wait here to get back to where they were. */}
          {payment.payment_method === 'directdebit' && loaderData.from ? (
            <Link className="btn btn-outline-primary" to={loaderData.from}>
              {t('transactions.continue')}
            </Link>
          ) : null}
        </div>
      )}
      <p className="small text-body-secondary mt-4">
        {t('credits.package_credits', { count: payment.credits })} · {amount} ·{' '}
        {t(`payment_methods.${payment.payment_method}`)}
      </p>
    </section>
  );
}
