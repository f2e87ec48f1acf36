import { useTranslation } from 'react-i18next';
import { Field } from '#web/lib/form/field.tsx';
import { issueValues, signupId, type TSignupStepProps } from './signup-step.ts';

/** Step 1: the date of birth (the site's minimum age is checked by the shared schema). */
export function BirthDateStep({ form, set, issueFor, minAge }: TSignupStepProps) {
  const { t } = useTranslation();
  return (
    <Field
      id={signupId('date_of_birth')}
      label={t('signup.step1.dob_label')}
      hint={t('signup.step1.dob_hint', { min_age: minAge })}
      issue={issueFor('date_of_birth')}
      issueValues={issueValues('date_of_birth', minAge)}
    >
      {(wiring) => (
        <input
          {...wiring}
          type="date"
          className="form-control"
          value={String(form.date_of_birth ?? '')}
          onChange={(e) => set({ date_of_birth: e.target.value })}
        />
      )}
    </Field>
  );
}
