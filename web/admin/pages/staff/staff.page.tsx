import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPath } from '#common/routes.ts';
import type { TStaffRole } from '#common/staff.ts';
import { adminStaffApi, type TStaffListItem } from '#common/wire/admin/staff.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useAdminData } from '#web/admin/admin-data.ts';
import { ErrorAlert } from '#web/admin/features/feedback/error-alert.tsx';
import { LoadState } from '#web/admin/features/feedback/load-state.tsx';
import { SimpleTable } from '#web/admin/features/tables/simple-table.tsx';
import { StaffEditor, type TStaffDraft } from './staff-editor.tsx';

/** The enrolment link a new (or reset) staff member opens: shown once to the owner, who passes it on. */
function EnrolLink({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const link = `${window.location.origin}${adminPath('admin-enrol', { token })}`;
  return (
    <div className="alert alert-success" role="status">
      <h2 className="h6">{t('staff.link_title')}</h2>
      <p className="small mb-2">{t('staff.link_intro')}</p>
      <input className="form-control font-monospace mb-2" readOnly value={link} onFocus={(e) => e.target.select()} />
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

/** Staff (owners): the team with roles and sites, invitations, changes, disabling and access resets. */
export default function AdminStaffPage() {
  const { t, i18n } = useTranslation('admin');
  const { staff: me } = useAdminData();
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const act = useAsyncAction();
  const [list, setList] = useState<TStaffListItem[] | null>(null);
  const [editing, setEditing] = useState<TStaffDraft | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const refresh = useCallback(
    () => void load.run(async () => setList((await api.call(adminStaffApi.list)).staff)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [],
  );
  useEffect(refresh, [refresh]);
  const siteName = (id: number) => me.sites.find((s) => s.id === id)?.name ?? `#${id}`;
  const save = (draft: TStaffDraft) =>
    act.run(async () => {
      if (draft.id === null) {
        const created = await api.call(adminStaffApi.invite, {
          email: draft.email,
          name: draft.name,
          role: draft.role,
          siteIds: draft.siteIds,
        });
        setLink(created.enrolToken);
      } else {
        await api.call(adminStaffApi.update, {
          staffId: draft.id,
          role: draft.role,
          siteIds: draft.siteIds,
          status: draft.status,
        });
      }
      setEditing(null);
      refresh();
    });
  const resetAccess = (member: TStaffListItem) => {
    if (!window.confirm(t('staff.confirm_reset', { name: member.name }))) return;
    void act.run(async () => {
      setLink((await api.call(adminStaffApi.resetAccess, { staffId: member.id })).enrolToken);
      refresh();
    });
  };
  const newDraft = (): TStaffDraft => ({
    id: null,
    email: '',
    name: '',
    role: 'support' as TStaffRole,
    siteIds: [],
    status: 'active',
  });
  return (
    <>
      <title>{t('staff.title')}</title>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('staff.title')}</h1>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!isHydrated || editing !== null}
          onClick={() => setEditing(newDraft())}
        >
          {t('staff.invite')}
        </button>
      </div>
      {link ? <EnrolLink token={link} onClose={() => setLink(null)} /> : null}
      <ErrorAlert error={act.error} />
      {editing ? <StaffEditor draft={editing} busy={act.busy} onSave={save} onCancel={() => setEditing(null)} /> : null}
      <LoadState error={load.error} onRetry={refresh} data={list}>
        {(team) => (
          <SimpleTable
            label={t('staff.title')}
            head={[
              t('staff.name'),
              t('staff.role'),
              t('staff.sites'),
              t('staff.status'),
              t('staff.last_login'),
              { label: t('common.actions'), isHidden: true },
            ]}
          >
            {team.map((s) => (
              <tr key={s.id}>
                <td>
                  <div>{s.name}</div>
                  <div className="small text-body-secondary text-break">{s.email}</div>
                </td>
                <td>{t(`roles.${s.role}`)}</td>
                <td className="small">
                  {s.siteIds.length ? s.siteIds.map(siteName).join(', ') : t('staff.all_sites')}
                </td>
                <td>
                  {t(`statuses.${s.status}`)}
                  {s.twoFactor ? null : <div className="small text-body-secondary">{t('staff.no_two_factor')}</div>}
                </td>
                <td className="small">
                  {s.lastLoginAt ? new Date(s.lastLoginAt).toLocaleString(i18n.language) : t('staff.never')}
                </td>
                <td className="text-end text-nowrap">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary me-1"
                    disabled={!isHydrated || editing !== null}
                    onClick={() =>
                      setEditing({
                        id: s.id,
                        email: s.email,
                        name: s.name,
                        role: s.role,
                        siteIds: s.siteIds,
                        status: s.status === 'disabled' ? 'disabled' : 'active',
                      })
                    }
                    aria-label={t('staff.edit_of', { name: s.name })}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    disabled={!isHydrated || act.busy}
                    onClick={() => resetAccess(s)}
                    aria-label={t('staff.reset_of', { name: s.name })}
                  >
                    {t('staff.reset_access')}
                  </button>
                </td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </LoadState>
    </>
  );
}
