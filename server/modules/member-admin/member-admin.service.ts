import type { TMemberSearch } from '#common/member-admin.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { photoUrls } from '../photos/photo-store.ts';
import { describeUserAgent, publicSessionId } from '../sessions/sessions.service.ts';
import { findAudit } from '../staff/audit.repository.ts';
import {
  findMemberAccount,
  findMemberRecords,
  findMemberSite,
  findPaymentOwner,
  MEMBER_FILE_ROWS,
} from './member-file.repository.ts';
import { searchMembers } from './member-search.repository.ts';
import { assertActorSite, type TActor } from './staff-port.ts';

/** The host of a push endpoint (the full URL is a capability: whoever holds it can push to the device). */
function pushService(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

/**
 * What staff look up about members in the console: the member search (email, name, profile id or payment id,
 * within the staff member's sites, sorted and paged on the server) and a member's page (account, profile, photos,
 * consents, credits and ledger, payments, sessions and devices, notifications, reports by and against them).
 */
export function createMemberAdminService(core: TCore) {
  const { db, now } = core;
  return {
    /** One page of members matching a search, within the staff member's sites, and how many match (capped). */
    async search(actor: TActor, search: TMemberSearch) {
      if (search.siteId) assertActorSite(actor, search.siteId);
      return searchMembers(db, search, actor.siteIds);
    },

    /** The site of a member, or `not_found` (the console checks access before anything else). */
    async siteOf(userId: number): Promise<number> {
      const siteId = await findMemberSite(db, userId);
      if (siteId === undefined) throw new AppError('not_found');
      return siteId;
    },

    /** The member a payment belongs to and its site, or `payment_not_found`. */
    async ownerOfPayment(paymentId: string) {
      const owner = await findPaymentOwner(db, paymentId);
      if (!owner) throw new AppError('payment_not_found');
      return owner;
    },

    /** Everything the member's page shows, for a staff member allowed on the member's site. */
    async memberFile(actor: TActor, userId: number) {
      const account = await findMemberAccount(db, userId);
      if (!account) throw new AppError('not_found');
      assertActorSite(actor, account.siteId);
      const records = await findMemberRecords(db, account, now());
      const audit = await findAudit(db, { userId, siteIds: actor.siteIds, limit: MEMBER_FILE_ROWS });
      return {
        account,
        ...records,
        audit,
        photos: records.photos.map((p) => ({
          id: p.id,
          isMain: p.isMain,
          createdAt: p.createdAt,
          thumb: photoUrls({ fileKey: p.fileKey, censoredKey: null }, '', false).thumb_filename,
        })),
        sessions: records.sessions.map((s) => ({
          id: publicSessionId(s.id),
          ...describeUserAgent(s.userAgent),
          country: s.country,
          createdAt: s.createdAt,
          lastSeenAt: s.lastSeenAt,
        })),
        devices: records.devices.map((d) => ({
          id: d.id,
          service: pushService(d.endpoint),
          ...describeUserAgent(d.userAgent),
          createdAt: d.createdAt,
          lastSuccessAt: d.lastSuccessAt,
        })),
      };
    },
  };
}

/** Member look-up for the console (see createMemberAdminService). */
export type TMemberAdminService = ReturnType<typeof createMemberAdminService>;
