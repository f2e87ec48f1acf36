import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type TStaffRole } from '#common/staff.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useAdminData } from '#web/admin/admin-data.ts';
import { CheckboxGroup } from '#web/admin/features/forms/checkbox-group.tsx';

/** A staff member being invited (`id` null) or changed. */
export type TStaffDraft = {
  id: number | null;
  email: string;
  name: string;
  role: TStaffRole;
  siteIds: number[];
  status: 'active' | 'disabled';
};

/** The invitation or change form: role, the sites the member is limited to (none: every site), status. */
export function StaffEditor({
  draft: initial,
  busy,
  onSave,
  onCancel,
}: {
  draft: TStaffDraft;
  busy: boolean;
  onSave: (draft: TStaffDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const { staff: me } = useAdminData();
  const isHydrated = useHydrated();
  const [draft, setDraft] = useState(initial);
  const isNew = draft.id === null;
  return (
    <form
      className="card card-body mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <h2 className="h5">{isNew ? t('staff.invite') : t('staff.edit_of', { name: draft.name })}</h2>
      <div className="row g-3">
        {isNew ? (
          <>
            <div className="col-md-6">
              <label className="form-label" htmlFor="staff-name">
                {t('staff.name')}
              </label>
              <input
                id="staff-name"
                className="form-control"
                required
                maxLength={100}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </div>
            <div className="col-md-6">
              <label className="form-label" htmlFor="staff-email">
                {t('staff.email')}
              </label>
              <input
                id="staff-email"
                type="email"
                className="form-control"
                required
                value={draft.email}
                onChange={(e) => setDraft({ ...draft, email: e.target.value })}
              />
            </div>
          </>
        ) : null}
        <div className="col-md-6">
          <label className="form-label" htmlFor="staff-role">
            {t('staff.role')}
          </label>
          <select
            id="staff-role"
            className="form-select"
            value={draft.role}
            onChange={(e) => setDraft({ ...draft, role: e.target.value as TStaffRole })}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          <div className="form-text">{t(`role_help.${draft.role}`)}</div>
        </div>
        {isNew ? null : (
          <div className="col-md-6">
            <label className="form-label" htmlFor="staff-status">
              {t('staff.status')}
            </label>
            <select
              id="staff-status"
              className="form-select"
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.target.value as 'active' | 'disabled' })}
            >
              <option value="active">{t('statuses.active')}</option>
              <option value="disabled">{t('statuses.disabled')}</option>
            </select>
          </div>
        )}
        {draft.role === 'owner' ? null : (
          <CheckboxGroup
            className="col-12"
            idPrefix="staff-site"
            legend={t('staff.sites')}
            legendClassName="form-label fs-6"
            help={t('staff.sites_help')}
            options={me.sites.map((s) => ({
              value: s.id,
              label: (
                <>
                  {s.name} <span className="text-body-secondary small">({s.domain})</span>
                </>
              ),
            }))}
            selected={draft.siteIds}
            onChange={(siteIds) => setDraft({ ...draft, siteIds })}
          />
        )}
      </div>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={!isHydrated || busy}>
          {busy ? t('common.working') : isNew ? t('staff.send_invite') : t('common.save')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
