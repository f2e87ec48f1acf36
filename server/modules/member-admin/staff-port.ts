import type { TStaffActor } from '#common/staff.ts';
import type { TTx } from '#server/db/connect.ts';
import type { TAuditEntry } from '../staff/audit.repository.ts';

export { assertSiteAccess as assertActorSite } from '#server/plugins/staff-auth.ts';
export type { TAuditEntry } from '../staff/audit.repository.ts';

/** The staff member acting: id, role and the sites they may see (null: every site). */
export type TActor = TStaffActor;

/** Writes an audit entry in the caller's transaction (`recordAudit`; tests may collect them instead). */
export type TAuditWriter = (tx: TTx, entry: TAuditEntry) => Promise<unknown>;
