import { useTranslation } from 'react-i18next';

/** The step's title, "step n of m" and a progress bar that says the same to screen readers. */
export function SignupProgress({ step, total }: { step: number; total: number }) {
  const { t } = useTranslation();
  const label = t('signup.step_of', { step: step + 1, total });
  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h2 className="h5 mb-0">{t(`signup.step${step}.title`)}</h2>
        <span className="small text-body-secondary">{label}</span>
      </div>
      <div
        className="progress mb-3"
        role="progressbar"
        aria-label={label}
        aria-valuenow={step + 1}
        aria-valuemin={1}
        aria-valuemax={total}
        style={{ height: 6 }}
      >
        <div className="progress-bar" style={{ width: `${((step + 1) / total) * 100}%` }} />
      </div>
    </>
  );
}
