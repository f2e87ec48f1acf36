import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { url } from '#web/lib/url.ts';

/** The signup call to action of a lander; keeps the tracking query (network, ref, sub1…) for the signup. */
export function LanderCta({ label, size = 'lg' }: { label?: string; size?: 'lg' | 'md' }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <div className="lander-cta text-center">
      <Link to={`${url('signup')}${search}`} className={`btn btn-primary ${size === 'lg' ? 'btn-lg px-5' : ''}`}>
        {label ?? t('lander.cta')}
      </Link>
      <p className="small text-body-secondary mt-2 mb-0">{t('lander.free_note')}</p>
    </div>
  );
}
