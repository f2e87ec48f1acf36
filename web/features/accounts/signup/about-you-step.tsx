import { useTranslation } from 'react-i18next';
import { ChoiceField } from '#web/lib/form/field.tsx';
import { signupId, type TSignupStepProps } from './signup-step.ts';

/** Step 0: who the visitor is, whom they look for, and whether their orientation may be stored (Art. 9). */
export function AboutYouStep({ form, set, issueFor }: TSignupStepProps) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceField
        id={signupId('gender')}
        name="gender"
        variant="buttons"
        legend={t('signup.step0.gender_label')}
        options={[
          ['male', t('signup.step0.man')],
          ['female', t('signup.step0.woman')],
        ]}
        value={form.gender ?? null}
        onChange={(gender) => set({ gender })}
        issue={issueFor('gender')}
      />
      <ChoiceField
        id={signupId('looking_for')}
        name="looking_for"
        variant="buttons"
        legend={t('signup.step0.looking_label')}
        options={[
          ['male', t('signup.step0.looking_men')],
          ['female', t('signup.step0.looking_women')],
          ['both', t('signup.step0.looking_both')],
        ]}
        value={form.looking_for ?? null}
        onChange={(looking_for) => set({ looking_for })}
        issue={issueFor('looking_for')}
      />
      {/* The Art. 9 consent is asked where "looking for" is, as a plain yes or no with what each means. */}
      <ChoiceField
        id={signupId('orientation_consent')}
        name="orientation_consent"
        variant="buttons"
        legend={t('signup.step0.orientation_question')}
        hint={t('consent.orientation_hint')}
        options={[
          ['yes', t('signup.step0.orientation_yes')],
          ['no', t('signup.step0.orientation_no')],
        ]}
        value={form.orientation_consent === undefined ? null : form.orientation_consent ? 'yes' : 'no'}
        onChange={(answer) => set({ orientation_consent: answer === 'yes' })}
        issue={issueFor('orientation_consent')}
      />
    </>
  );
}
