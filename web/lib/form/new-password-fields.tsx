import { useTranslation } from 'react-i18next';
import { Field } from './field.tsx';

/** The labelled "new password" and "repeat password" inputs (`password`, `password_confirmation`). */
export function NewPasswordFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Field id={`${idPrefix}-password`} label={t('settings.new_password')} labelClassName="form-label">
        {(wiring) => (
          <input
            {...wiring}
            name="password"
            type="password"
            className="form-control"
            autoComplete="new-password"
            required
          />
        )}
      </Field>
      <Field
        id={`${idPrefix}-password-confirmation`}
        label={t('signup.step4.password_confirm_label')}
        labelClassName="form-label"
      >
        {(wiring) => (
          <input
            {...wiring}
            name="password_confirmation"
            type="password"
            className="form-control"
            autoComplete="new-password"
            required
          />
        )}
      </Field>
    </>
  );
}
