import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { url } from '#web/lib/url.ts';

/**
 * The step after the answer, the same whether the address was new or already had an account (whose owner was emailed
 * instead): no session yet, the emailed link comes first.
 */
export function CheckEmailStep({ email, onChangeEmail }: { email: string; onChangeEmail?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card card-body text-center shadow-sm">
      <p className="display-6" aria-hidden="true">
        ✉️
      </p>
      <h2 className="h4">{t('signup.check_email.title')}</h2>
      <p>{t('signup.check_email.text', { email })}</p>
      <p className="small text-body-secondary">{t('signup.check_email.then_login')}</p>
      {onChangeEmail ? (
        <p className="small">
          {t('signup.check_email.wrong_address')}{' '}
          <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onChangeEmail}>
            {t('signup.check_email.change_address')}
          </button>
        </p>
      ) : null}
      <Link className="btn btn-outline-primary mt-2" to={url('login')}>
        {t('nav.login')}
      </Link>
    </div>
  );
}
