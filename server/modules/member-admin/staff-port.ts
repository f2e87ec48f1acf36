import type { TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';

/** The staff member acting: id, role and the sites they may see (null: every site). */
export type TActor = { id: number; role: string; siteIds: number[] | null };

/** One audit entry: who did what, about which member or site, and the state before and after. */
export type TAuditEntry = {
  staffId: number;
  action: string;
  siteId?: number | null;
  userId?: number | null;
  subject?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes an audit entry in the caller's transaction. */
export type TAuditWriter = (tx: TTx, entry: TAuditEntry) => Promise<unknown>;

/** Refuses an entity of a site the staff member may not see (403). */
export function assertActorSite(actor: TActor, siteId: number): void {
  if (actor.siteIds && !actor.siteIds.includes(siteId)) throw new AppError('forbidden');
}
