import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPaymentMethod } from '#common/payments.ts';
import { url } from '#web/lib/url.ts';

/**
 * 'Credit card payment failed' (spec §9): the stored card was declined; offers a retry and PayPal (when the
 * member's country has it, else another method).
 */
export function CardPaymentFailed(props: {
  packageId: number;
  methods: readonly TPaymentMethod[];
  retrying?: boolean;
  /** Retry right here; without it the retry goes to the repeat-order page. */
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const paypal = props.methods.includes('paypal');
  return (
    <div className="alert alert-danger" role="alert">
      <h2 className="h5">{t('errors.card_payment_failed')}</h2>
      <p>{t('repeat_order.failed_hint')}</p>
      <div className="d-flex flex-wrap gap-2">
        {props.onRetry ? (
          <button type="button" className="btn btn-primary" onClick={props.onRetry} disabled={props.retrying}>
            {props.retrying ? t('repeat_order.charging') : t('repeat_order.retry')}
          </button>
        ) : (
          <Link className="btn btn-primary" to={url('credits-repeat-order', {}, { package: props.packageId })}>
            {t('repeat_order.retry')}
          </Link>
        )}
        <Link
          className="btn btn-outline-primary"
          to={url('credits-id-paymentmethod', { id: props.packageId, paymentmethod: paypal ? 'paypal' : '' })}
        >
          {paypal ? t('repeat_order.pay_paypal') : t('repeat_order.other_method')}
        </Link>
      </div>
    </div>
  );
}
