import { useTranslation } from 'react-i18next';

/** One choice of a select: its value and its shown text. */
export type TOption = { value: string | number; label: string };

/**
 * A labelled select (label above, small controls by default); `all` puts an "All" choice with the empty value first.
 * `className` is the wrapper's (a grid column in a filters row).
 */
export function SelectField(props: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  options: readonly TOption[];
  all?: string | boolean;
  disabled?: boolean;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('admin');
  const { id, all } = props;
  const isSmall = props.size !== 'md';
  return (
    <div className={props.className}>
      <label className={`form-label small${isSmall ? '' : ' mb-1'}`} htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        className={`form-select${isSmall ? ' form-select-sm' : ''}`}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {all ? <option value="">{typeof all === 'string' ? all : t('common.all')}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
