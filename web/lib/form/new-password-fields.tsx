import { useTranslation } from 'react-i18next';

/** The labelled "new password" and "repeat password" inputs (`password`, `password_confirmation`). */
export function NewPasswordFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="form-label" htmlFor={`${idPrefix}-password`}>
        {t('settings.new_password')}
      </label>
      <input
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        className="form-control mb-3"
        autoComplete="new-password"
        required
      />
      <label className="form-label" htmlFor={`${idPrefix}-password-confirmation`}>
        {t('signup.step4.password_confirm_label')}
      </label>
      <input
        id={`${idPrefix}-password-confirmation`}
        name="password_confirmation"
        type="password"
        className="form-control mb-3"
        autoComplete="new-password"
        required
      />
    </>
  );
}
