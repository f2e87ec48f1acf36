/** A labelled small input (label above); `className` is the wrapper's, every other prop goes to the input. */
export function TextField({
  id,
  label,
  className,
  ...input
}: { id: string; label: string; className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label className="form-label small" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="form-control form-control-sm" {...input} />
    </div>
  );
}
