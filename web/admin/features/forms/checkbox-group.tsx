/** A fieldset of checkboxes that picks several values: its legend, an optional help text, one box per option. */
export function CheckboxGroup<V extends string | number>(props: {
  idPrefix: string;
  legend: string;
  options: readonly { value: V; label: React.ReactNode }[];
  selected: readonly V[];
  onChange: (selected: V[]) => void;
  help?: string;
  helpBelow?: string;
  className?: string;
  legendClassName?: string;
  children?: React.ReactNode;
}) {
  const { selected } = props;
  const toggle = (v: V) => props.onChange(selected.includes(v) ? selected.filter((x) => x !== v) : [...selected, v]);
  return (
    <fieldset className={props.className}>
      <legend className={props.legendClassName ?? 'form-label small'}>{props.legend}</legend>
      {props.help ? <div className="form-text mt-0 mb-1">{props.help}</div> : null}
      <div className="d-flex flex-wrap gap-3">
        {props.options.map((o) => (
          <div className="form-check" key={o.value}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`${props.idPrefix}-${o.value}`}
              checked={selected.includes(o.value)}
              onChange={() => toggle(o.value)}
            />
            <label className="form-check-label" htmlFor={`${props.idPrefix}-${o.value}`}>
              {o.label}
            </label>
          </div>
        ))}
      </div>
      {props.helpBelow ? <div className="form-text">{props.helpBelow}</div> : null}
      {props.children}
    </fieldset>
  );
}
