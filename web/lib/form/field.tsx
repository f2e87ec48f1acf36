import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a field hands its control: the id its label points at, and whether and why it is invalid. */
export type TControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

type TIssueProps = {
  /** Catalogue key of the field's problem (a zod or API issue message), translated here. */
  issue?: string | null;
  /** Values for the issue's message (`min`, `max`, `min_age`…). */
  issueValues?: Record<string, unknown>;
};

type TFailureProps = {
  /**
   * The field's problem already in words, from a failed call (`useAsyncAction`'s error): shown instead of `issue` and
   * announced at once (`role="alert"`), since it arrives after the member acted.
   */
  failure?: ReactNode;
};

/** The ids a control is described by: its hint, any others (a counter), then its error when it has one. */
function describedBy(id: string, parts: { hint?: ReactNode; extra?: string; hasProblem: boolean }) {
  const ids = [parts.hint ? `${id}-hint` : undefined, parts.extra, parts.hasProblem ? `${id}-error` : undefined];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** The translated problem under a field, the element its control's `aria-describedby` names. */
function FieldIssue({ id, issue, issueValues, failure }: TIssueProps & TFailureProps & { id: string }) {
  const { t } = useTranslation();
  if (failure) {
    return (
      <div className="invalid-feedback d-block" id={id} role="alert">
        {failure}
      </div>
    );
  }
  if (!issue) return null;
  return (
    <div className="invalid-feedback d-block" id={id}>
      {t(issue, issueValues ?? {})}
    </div>
  );
}

/**
 * A labelled text-like control (input, select, textarea): the label points at it, its hint and its translated problem
 * describe it, and `aria-invalid` says whether it has one. The control itself is the caller's, given the wiring.
 */
export function Field({
  id,
  label,
  hint,
  hintFirst = false,
  describedBy: extra,
  className = 'mb-3',
  labelClassName = 'form-label fw-semibold',
  after,
  children,
  ...problem
}: TIssueProps &
  TFailureProps & {
    id: string;
    label: ReactNode;
    hint?: ReactNode;
    /** The hint goes between the label and the control (a long one, read before typing). */
    hintFirst?: boolean;
    /** Ids of other elements describing the control, e.g. a character counter. */
    describedBy?: string;
    /** The wrapper's classes (layout). */
    className?: string;
    labelClassName?: string;
    /** Shown between the control and its problem (a counter, a suggestion). */
    after?: ReactNode;
    children: (control: TControlProps) => ReactNode;
  }) {
  const hintId = `${id}-hint`;
  const hasProblem = Boolean(problem.issue || problem.failure);
  return (
    <div className={className || undefined}>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      {hint && hintFirst ? (
        <div className="form-text mt-0 mb-1" id={hintId}>
          {hint}
        </div>
      ) : null}
      {children({
        id,
        'aria-invalid': hasProblem,
        'aria-describedby': describedBy(id, { hint, extra, hasProblem }),
      })}
      {after}
      {hint && !hintFirst ? (
        <div className="form-text" id={hintId}>
          {hint}
        </div>
      ) : null}
      <FieldIssue id={`${id}-error`} {...problem} />
    </div>
  );
}

/**
 * One choice out of a few as radio buttons in a labelled group: toggle buttons side by side (`buttons`), a list of
 * radios (`list`) or radios in two columns, three on wider screens (`columns`). Each radio's id is `<id>-<value>`; the
 * group's hint and problem describe the group and every radio.
 */
export function ChoiceField<V extends string>({
  id,
  name,
  legend,
  hint,
  options,
  value,
  defaultValue,
  onChange,
  variant = 'list',
  required,
  className = 'mb-3',
  legendClassName = 'form-label fw-semibold fs-6',
  ...problem
}: TIssueProps & {
  id: string;
  name: string;
  legend: ReactNode;
  /** Read between the legend and the radios. */
  hint?: ReactNode;
  options: readonly (readonly [V, ReactNode])[];
  /** The chosen value; without it (and `onChange`) the radios are left to the form (read from its data). */
  value?: V | '' | null;
  /** The radio checked at first when the form owns the choice (no `value`). */
  defaultValue?: V;
  onChange?: (value: V) => void;
  variant?: 'buttons' | 'list' | 'columns';
  required?: boolean;
  className?: string;
  legendClassName?: string;
}) {
  const described = describedBy(id, { hint, hasProblem: Boolean(problem.issue) });
  const radio = (option: V, inputClass: string) => ({
    type: 'radio' as const,
    className: inputClass,
    name,
    id: `${id}-${option}`,
    value: option,
    required,
    ...(value === undefined
      ? { defaultChecked: defaultValue === undefined ? undefined : defaultValue === option }
      : { checked: value === option, onChange: () => onChange?.(option) }),
    'aria-describedby': described,
  });
  const invalid = problem.issue ? ' is-invalid' : '';
  const listed = (option: V, label: ReactNode) => (
    <div className="form-check" key={option}>
      <input {...radio(option, `form-check-input${invalid}`)} />
      <label className="form-check-label" htmlFor={`${id}-${option}`}>
        {label}
      </label>
    </div>
  );
  return (
    <fieldset className={className} aria-describedby={described}>
      <legend className={legendClassName}>{legend}</legend>
      {hint ? (
        <p className="small text-body-secondary" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {variant === 'buttons' ? (
        <div className="btn-group w-100" role="group">
          {options.map(([option, label]) => (
            <span key={option} className="flex-fill d-flex">
              <input {...radio(option, 'btn-check')} />
              <label className="btn btn-outline-primary flex-fill" htmlFor={`${id}-${option}`}>
                {label}
              </label>
            </span>
          ))}
        </div>
      ) : variant === 'columns' ? (
        <div className="row row-cols-2 row-cols-sm-3 g-2">
          {options.map(([option, label]) => (
            <div key={option} className="col">
              {listed(option, label)}
            </div>
          ))}
        </div>
      ) : (
        options.map(([option, label]) => listed(option, label))
      )}
      <FieldIssue id={`${id}-error`} {...problem} />
    </fieldset>
  );
}

/**
 * A labelled checkbox (or a switch: `isSwitch` and `role="switch"`): its hint and translated problem describe it.
 * Other input attributes (`checked`, `onChange`, `name`, `disabled`…) go to the checkbox.
 */
export function CheckField({
  id,
  label,
  hint,
  isSwitch = false,
  className = 'mb-3',
  issue,
  issueValues,
  ...input
}: TIssueProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className'> & {
    id: string;
    label: ReactNode;
    hint?: ReactNode;
    /** Shown as a switch (Bootstrap's `form-switch`). */
    isSwitch?: boolean;
    /** The wrapper's classes besides `form-check` (layout). */
    className?: string;
  }) {
  return (
    <div className={['form-check', isSwitch ? 'form-switch' : '', className].filter(Boolean).join(' ')}>
      <input
        {...input}
        type="checkbox"
        className={issue ? 'form-check-input is-invalid' : 'form-check-input'}
        id={id}
        aria-invalid={Boolean(issue)}
        aria-describedby={describedBy(id, { hint, hasProblem: Boolean(issue) })}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <div className="form-text" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      <FieldIssue id={`${id}-error`} issue={issue} issueValues={issueValues} />
    </div>
  );
}
