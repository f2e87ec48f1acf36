import { useTranslation } from 'react-i18next';
import { Field } from './field.tsx';

/**
 * The labelled "current password" input that confirms a change to the account (password, email, deletion); labelled
 * 'Current password' unless the form words it otherwise.
 */
export function CurrentPasswordField({
  id,
  name,
  label,
  className,
}: {
  id: string;
  /** The form field the server reads (`old_password` for a password change, else `password`). */
  name: 'old_password' | 'password';
  label?: string;
  /** The wrapper's classes (layout). */
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label ?? t('settings.old_password')} className={className} labelClassName="form-label">
      {(wiring) => (
        <input
          {...wiring}
          name={name}
          type="password"
          className="form-control"
          autoComplete="current-password"
          required
        />
      )}
    </Field>
  );
}
