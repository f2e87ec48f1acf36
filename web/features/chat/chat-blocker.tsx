import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBuyCreditsLink } from '#web/features/payments/discounted-price.tsx';
import { url } from '#web/lib/url.ts';
import type { TBlocker } from './use-outbox.ts';

/** Why the last message was refused, with the way out: buy credits, get premium, or (the daily cap) wait. */
export function ChatBlocker({ blocker }: { blocker: TBlocker }) {
  const { t } = useTranslation();
  const buy = useBuyCreditsLink();
  return (
    <div className="alert alert-warning mx-3 d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">
        {blocker === 'credits'
          ? t('errors.not_enough_credits')
          : blocker === 'premium'
            ? t('errors.premium_required')
            : t('errors.daily_limit_reached')}
      </span>
      {blocker === 'daily' ? null : (
        <Link className="btn btn-sm btn-primary" to={blocker === 'credits' ? buy : url('premium')}>
          {blocker === 'credits' ? t('chat.buy_credits') : t('nav.get_premium')}
        </Link>
      )}
    </div>
  );
}
