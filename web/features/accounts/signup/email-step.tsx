import { useTranslation } from 'react-i18next';
import { Field } from '#web/lib/form/field.tsx';
import { suggestEmail } from './email-suggestion.ts';
import { issueValues, signupId, type TSignupStepProps } from './signup-step.ts';

/** Step 3: the email address, with a "did you mean" for a mistyped common domain. */
export function EmailStep({ form, set, issueFor, minAge }: TSignupStepProps) {
  const { t } = useTranslation();
  const suggestion = form.email ? suggestEmail(String(form.email)) : null;
  return (
    <>
      <Field
        id={signupId('email')}
        label={t('auth.email')}
        hint={t('signup.step3.email_hint')}
        issue={issueFor('email')}
        issueValues={issueValues('email', minAge)}
      >
        {(wiring) => (
          <input
            {...wiring}
            type="email"
            className="form-control"
            autoComplete="email"
            value={String(form.email ?? '')}
            onChange={(e) => set({ email: e.target.value })}
          />
        )}
      </Field>
      {suggestion ? (
        <p className="small">
          <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => set({ email: suggestion })}>
            {t('validation.did_you_mean', { suggestion })}
          </button>
        </p>
      ) : null}
    </>
  );
}
