import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN, type TSignupRequest } from '#common/accounts.ts';
import { CheckField, Field } from '#web/lib/form/field.tsx';
import { url } from '#web/lib/url.ts';
import { issueValues, signupId, type TSignupStepProps } from './signup-step.ts';

/** Step 4: the password twice, the first message to a member (member signup), and the terms. */
export function PasswordStep({
  form,
  set,
  issueFor,
  minAge,
  member,
}: TSignupStepProps & { member?: { id: number; name: string } }) {
  const { t } = useTranslation();
  const password = (field: 'password' | 'password_confirmation', label: string, hint?: string) => (
    <Field
      id={signupId(field)}
      label={label}
      hint={hint}
      issue={issueFor(field)}
      issueValues={issueValues(field, minAge)}
    >
      {(wiring) => (
        <input
          {...wiring}
          type="password"
          className="form-control"
          autoComplete="new-password"
          value={String(form[field] ?? '')}
          onChange={(e) => set({ [field]: e.target.value } as Partial<TSignupRequest>)}
        />
      )}
    </Field>
  );
  return (
    <>
      {password(
        'password',
        t('auth.password'),
        t('validation.password_length', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
      )}
      {password('password_confirmation', t('signup.step4.password_confirm_label'))}
      {member ? (
        <Field
          id={signupId('signup_message')}
          label={t('signup.message_label', { name: member.name })}
          hint={t('signup.message_hint')}
        >
          {(wiring) => (
            <textarea
              {...wiring}
              className="form-control"
              rows={3}
              maxLength={1000}
              value={String(form.signup_message ?? '')}
              onChange={(e) => set({ signup_message: e.target.value })}
            />
          )}
        </Field>
      ) : null}
      <CheckField
        id={signupId('accept_terms')}
        label={
          <Trans
            i18nKey="signup.step4.terms"
            values={{ min_age: minAge }}
            components={{
              terms: <Link to={url('pages-terms')} target="_blank" />,
              privacy: <Link to={url('pages-privacy')} target="_blank" />,
            }}
          />
        }
        checked={form.accept_terms === true}
        onChange={(e) => set({ accept_terms: e.target.checked as true })}
        issue={issueFor('accept_terms')}
      />
    </>
  );
}
