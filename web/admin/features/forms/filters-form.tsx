import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** Filters typed into a draft and applied together: the draft, a change handler per field, the applied query. */
export function useFilters<T extends Record<string, string>>(initial: T) {
  const [draft, setDraft] = useState<T>(initial);
  const [query, setQuery] = useState<T>(initial);
  /** The change handler of one field (inputs and selects). */
  const field = (name: keyof T) => (value: string) => setDraft((old) => ({ ...old, [name]: value }));
  /** The change event handler of one input, for `<input onChange>`. */
  const input = (name: keyof T) => (e: React.ChangeEvent<HTMLInputElement>) => field(name)(e.target.value);
  const apply = () => setQuery(draft);
  const reset = () => {
    setDraft(initial);
    setQuery(initial);
  };
  return { draft, query, field, input, apply, reset };
}

/**
 * A row of filters (grid columns as children) with the Apply button (and Reset when given) in the last column; the
 * buttons wait for hydration.
 */
export function FiltersForm(props: {
  label: string;
  onApply: () => void;
  onReset?: () => void;
  isSearch?: boolean;
  buttonClassName?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const isHydrated = useHydrated();
  return (
    <form
      className="row g-2 align-items-end mb-3"
      role={props.isSearch ? 'search' : undefined}
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        props.onApply();
      }}
    >
      {props.children}
      <div className={`${props.buttonClassName ?? 'col-12 col-md-2'} d-flex gap-2`}>
        <button type="submit" className="btn btn-sm btn-primary flex-grow-1" disabled={!isHydrated}>
          {t('common.apply')}
        </button>
        {props.onReset ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary flex-grow-1"
            disabled={!isHydrated}
            onClick={props.onReset}
          >
            {t('common.reset')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
