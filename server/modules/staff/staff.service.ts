import { STAFF_ENROL_MS, type TStaffActor, type TStaffRole, type TStaffStatus } from '#common/staff.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { findAudit, recordAudit, type TAuditFilter } from './audit.repository.ts';
import {
  deleteStaffSessions,
  findStaffByEmail,
  findStaffById,
  findStaffSiteIds,
  insertStaff,
  listSiteOptions,
  listStaff,
  setStaffSites,
  updateStaff,
} from './staff.repository.ts';

/** A staff member as the owner's list shows them (never a hash or secret). */
export type TStaffListItem = {
  id: number;
  email: string;
  name: string;
  role: TStaffRole;
  status: TStaffStatus;
  siteIds: number[];
  twoFactor: boolean;
  lastLoginAt: Date | null;
};

/** Who manages staff: the owner's invitations, roles, site limits, disabling, and the audit log. */
export function createStaffService(core: TCore) {
  const { db, now } = core;

  /** Refuses to take the last active owner's role or account away (someone must be able to manage staff). */
  async function assertOtherOwner(staffId: number): Promise<void> {
    const others = (await listStaff(db)).filter((s) => s.role === 'owner' && s.status === 'active' && s.id !== staffId);
    if (!others.length) throw new AppError('forbidden', { reason: 'last_owner' });
  }

  return {
    async list(): Promise<TStaffListItem[]> {
      return (await listStaff(db)).map((s) => ({
        id: s.id,
        email: s.email,
        name: s.name,
        role: s.role,
        status: s.status,
        siteIds: s.siteIds,
        twoFactor: s.totpSecret !== null,
        lastLoginAt: s.lastLoginAt,
      }));
    },

    /**
     * Invites a staff member: the account waits for its one-time enrolment link (password, then authenticator). Also
     * what `npm run admin:create` does, with no actor (the first owner).
     */
    async invite(
      actor: TStaffActor | null,
      input: { email: string; name: string; role: TStaffRole; siteIds: number[] },
    ): Promise<{ id: number; enrolToken: string }> {
      const email = input.email.trim().toLowerCase();
      if (await findStaffByEmail(db, email)) throw new AppError('email_exists');
      const enrolToken = newToken();
      const enrolExpiresAt = new Date(now().getTime() + STAFF_ENROL_MS);
      const row = await db.transaction(async (tx) => {
        const created = await insertStaff(tx, {
          email,
          name: input.name.trim(),
          role: input.role,
          enrolTokenHash: hashToken(enrolToken),
          enrolExpiresAt,
        });
        if (input.role !== 'owner') await setStaffSites(tx, created.id, input.siteIds);
        await recordAudit(tx, {
          staffId: actor?.id ?? null,
          action: 'staff.invite',
          subject: `staff:${created.id}`,
          after: { email, role: input.role, siteIds: input.siteIds },
        });
        return created;
      });
      return { id: row.id, enrolToken };
    },

    /** Changes role, site limits or status; every session of the member ends so the change holds at once. */
    async update(
      actor: TStaffActor,
      input: { staffId: number; role: TStaffRole; siteIds: number[]; status: 'active' | 'disabled' },
    ): Promise<void> {
      const row = await findStaffById(db, input.staffId);
      if (!row) throw new AppError('not_found');
      if (row.role === 'owner' && (input.role !== 'owner' || input.status === 'disabled'))
        await assertOtherOwner(row.id);
      const before = { role: row.role, status: row.status, siteIds: await findStaffSiteIds(db, row.id) };
      // An invited member stays invited until the enrolment is done; only active and disabled switch here.
      const status = row.status === 'invited' && input.status === 'active' ? 'invited' : input.status;
      const siteIds = input.role === 'owner' ? [] : input.siteIds;
      await db.transaction(async (tx) => {
        await updateStaff(tx, row.id, { role: input.role, status });
        await setStaffSites(tx, row.id, siteIds);
        await deleteStaffSessions(tx, [row.id]);
        await recordAudit(tx, {
          staffId: actor.id,
          action: 'staff.update',
          subject: `staff:${row.id}`,
          before,
          after: { role: input.role, status, siteIds },
        });
      });
    },

    /**
     * An active staff member as the actor of a command-line action (`npm run refund -- … --by <email>`), with the
     * sites they may act on (null: every site); undefined for an unknown, invited or disabled address.
     */
    async actorByEmail(email: string): Promise<TStaffActor | undefined> {
      const row = await findStaffByEmail(db, email.trim().toLowerCase());
      if (!row || row.status !== 'active') return undefined;
      const siteIds = row.role === 'owner' ? [] : await findStaffSiteIds(db, row.id);
      return { id: row.id, role: row.role, siteIds: siteIds.length ? siteIds : null };
    },

    /**
     * Resets a member's password and authenticator (lost phone): the account goes back to invited with a new
     * enrolment link, and its sessions end.
     */
    async resetAccess(actor: TStaffActor, staffId: number): Promise<{ enrolToken: string }> {
      const row = await findStaffById(db, staffId);
      if (!row) throw new AppError('not_found');
      if (row.role === 'owner' && row.id === actor.id) await assertOtherOwner(row.id);
      const enrolToken = newToken();
      await db.transaction(async (tx) => {
        await updateStaff(tx, row.id, {
          status: 'invited',
          passwordHash: null,
          totpSecret: null,
          totpLastStep: null,
          enrolTokenHash: hashToken(enrolToken),
          enrolExpiresAt: new Date(now().getTime() + STAFF_ENROL_MS),
        });
        await deleteStaffSessions(tx, [row.id]);
        await recordAudit(tx, { staffId: actor.id, action: 'staff.reset_access', subject: `staff:${row.id}` });
      });
      return { enrolToken };
    },

    /** Sites for the console's pickers: every site, or those of a site-limited staff member. */
    siteOptions: (siteIds: number[] | null) => listSiteOptions(db, siteIds),

    /** The audit log, newest first (owners; a site-limited viewer sees their sites' entries only). */
    audit: (filter: TAuditFilter) => findAudit(db, filter),
  };
}

export type TStaffService = ReturnType<typeof createStaffService>;
