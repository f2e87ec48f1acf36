import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { issuesOf } from './issues.ts';

/**
 * The inline "add / edit a row" form of a site's list (bundles, campaigns): the draft, which row it edits (null: a
 * new one), the first field issue of a refused save; `save` creates or updates and hands the saved row on.
 */
export function useRowEditor<TInput, TSaved>(calls: {
  create: (draft: TInput) => Promise<TSaved>;
  update: (id: number, draft: TInput) => Promise<TSaved>;
  onSaved: (saved: TSaved) => void;
}) {
  const [draft, setDraft] = useState<TInput | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [issue, setIssue] = useState<string | null>(null);
  const start = (input: TInput, id: number | null = null) => {
    setEditing(id);
    setDraft(input);
    setIssue(null);
  };
  const save = async () => {
    if (!draft) return;
    try {
      calls.onSaved(editing === null ? await calls.create(draft) : await calls.update(editing, draft));
      setDraft(null);
      setEditing(null);
      setIssue(null);
    } catch (err) {
      setIssue(Object.values(issuesOf(err))[0] ?? 'sites.error.invalid');
    }
  };
  return { draft, setDraft, editing, issue, start, save, cancel: () => setDraft(null) };
}

/** The row form's frame: its label, the fields as children, Save and Cancel (Save waits for hydration). */
export function RowEditorForm(props: {
  label: string;
  className: string;
  onSave: () => void;
  onCancel: () => void;
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const isHydrated = useHydrated();
  return (
    <form
      className={`row g-2 border rounded p-2 bg-white ${props.className}`}
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave();
      }}
    >
      {props.children}
      <div className="col-12 d-flex flex-wrap gap-2 align-items-center">
        <button type="submit" className="btn btn-sm btn-primary" disabled={!isHydrated}>
          {t('common.save')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
        {props.footer}
      </div>
    </form>
  );
}

/** The "active" switch of a row being edited. */
export function ActiveCheck<T extends { active: boolean }>(props: {
  id: string;
  label: string;
  draft: T;
  setDraft: (draft: T) => void;
}) {
  return (
    <div className="form-check">
      <input
        id={props.id}
        className="form-check-input"
        type="checkbox"
        checked={props.draft.active}
        onChange={(e) => props.setDraft({ ...props.draft, active: e.target.checked })}
      />
      <label className="form-check-label" htmlFor={props.id}>
        {props.label}
      </label>
    </div>
  );
}
