import { useTranslation } from 'react-i18next';
import { Field } from '#web/lib/form/field.tsx';
import { issueValues, signupId, type TSignupStepProps } from './signup-step.ts';

/** Step 2: the member name others see. */
export function NameStep({ form, set, issueFor, minAge }: TSignupStepProps) {
  const { t } = useTranslation();
  return (
    <Field
      id={signupId('name')}
      label={t('signup.step2.name_label')}
      hint={t('signup.step2.name_hint')}
      issue={issueFor('name')}
      issueValues={issueValues('name', minAge)}
    >
      {(wiring) => (
        <input
          {...wiring}
          className="form-control"
          autoComplete="nickname"
          value={String(form.name ?? '')}
          onChange={(e) => set({ name: e.target.value })}
        />
      )}
    </Field>
  );
}
