import { useTranslation } from 'react-i18next';
import { SEEKING } from '#common/profile-edit.ts';
import { Field } from '#web/lib/form/field.tsx';

/** The signup step's labels for whom the member looks for. */
const SEEKING_LABELS = {
  male: 'signup.step0.looking_men',
  female: 'signup.step0.looking_women',
  both: 'signup.step0.looking_both',
} as const;

/**
 * "I am looking for" on the profile form (issue 31): the member's own choice, kept apart from the orientation, so it
 * can be changed without the Art. 9 consent; it drives search's default gender, the swipe game and suggestions.
 */
export function SeekingField({ initial, issue }: { initial: string | null; issue?: string }) {
  const { t } = useTranslation();
  return (
    <Field id="profile-seeking" label={t('signup.step0.looking_label')} className="col-sm-6 col-lg-4" issue={issue}>
      {(wiring) => (
        <select
          {...wiring}
          name="seeking"
          className={`form-select ${issue ? 'is-invalid' : ''}`}
          defaultValue={initial ?? ''}
        >
          {/* An account from before the choice was stored has none until it picks one. */}
          {initial ? null : <option value="">{t('my_profile.not_specified')}</option>}
          {SEEKING.map((o) => (
            <option key={o} value={o}>
              {t(SEEKING_LABELS[o])}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
