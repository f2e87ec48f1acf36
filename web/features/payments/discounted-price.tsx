import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatMoney } from '#common/format.ts';
import { url } from '#web/lib/url.ts';

/**
 * A bundle's price with the member's discount (issue 31): the regular price struck through and the price to pay, each
 * named for screen readers (a struck line alone says nothing to them); the plain price without a discount.
 */
export function DiscountedPrice({
  price,
  discounted,
  percent,
  currency,
  className = '',
}: {
  price: number;
  discounted: number | null;
  percent: number | null;
  currency: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const regular = formatMoney(price, currency, i18n.language);
  if (discounted === null || percent === null || discounted >= price)
    return <span className={className}>{regular}</span>;
  return (
    <span className={`discounted-price ${className}`}>
      <del className="discounted-price__regular">
        <span className="visually-hidden">{t('credits.regular_price')} </span>
        {regular}
      </del>{' '}
      <ins className="discounted-price__now">
        <span className="visually-hidden">{t('credits.discounted_price', { percent })} </span>
        {formatMoney(discounted, currency, i18n.language)}
      </ins>
    </span>
  );
}

/**
 * The link to buy credits from where the member is (a chat with its draft): the checkout returns there afterwards
 * (`?redirect=`, checked again by the server and the result page).
 */
export function useBuyCreditsLink(): string {
  const { pathname, search } = useLocation();
  return url('credits', {}, { redirect: `${pathname}${search}` });
}
