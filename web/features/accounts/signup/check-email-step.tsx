import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { url } from '#web/lib/url.ts';

/**
 * The step after the answer, the same whether the address was new or already had an account (whose owner was emailed
 * instead): no session yet, the emailed link comes first.
 */
export function CheckEmailStep({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <div className="card card-body text-center shadow-sm">
      <p className="display-6" aria-hidden="true">
        ✉️
      </p>
      <h2 className="h4">{t('signup.check_email.title')}</h2>
      <p>{t('signup.check_email.text', { email })}</p>
      <p className="small text-body-secondary">{t('signup.check_email.then_login')}</p>
      <Link className="btn btn-outline-primary mt-2" to={url('login')}>
        {t('nav.login')}
      </Link>
    </div>
  );
}
