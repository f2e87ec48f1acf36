import type { TMemberSearch } from '#common/member-admin.ts';
import { MEMBER_LIST_PAGE, MEMBER_LISTS, type TMemberList } from '#common/wire/admin/members.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { photoUrls } from '../photos/photo-store.ts';
import { describeUserAgent, publicSessionId } from '../sessions/sessions.service.ts';
import { countAudit, findAudit } from '../staff/audit.repository.ts';
import {
  findLedgerPage,
  findMemberAccount,
  findMemberRecords,
  findMemberSite,
  findNotificationsPage,
  findPaymentOwner,
  findPaymentsPage,
  findReportsPage,
  findSessionsPage,
  type TMemberAccount,
  type TMemberListPage,
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
 * consents, devices, and the newest rows of each long list — ledger, payments, sessions, notifications, reports by and
 * against them, audit entries — with their totals; more of a list on request).
 */
export function createMemberAdminService(core: TCore) {
  const { db, now } = core;

  /** The account, after checking the staff member may see its site; `not_found` when there is none. */
  async function accountFor(actor: TActor, userId: number): Promise<TMemberAccount> {
    const account = await findMemberAccount(db, userId);
    if (!account) throw new AppError('not_found');
    assertActorSite(actor, account.siteId);
    return account;
  }

  /** The long lists of the member's page, each a function of the offset answering a page (newest first) and total. */
  function listsOf(actor: TActor, account: TMemberAccount) {
    const page = (offset: number): TMemberListPage => ({ ...account, now: now(), limit: MEMBER_LIST_PAGE, offset });
    return {
      ledger: (offset: number) => findLedgerPage(db, page(offset)),
      payments: (offset: number) => findPaymentsPage(db, page(offset)),
      notifications: (offset: number) => findNotificationsPage(db, page(offset)),
      reports: (offset: number) => findReportsPage(db, page(offset)),
      async sessions(offset: number) {
        const { rows, total } = await findSessionsPage(db, page(offset));
        const shown = rows.map((r) => ({
          id: publicSessionId(r.id),
          ...describeUserAgent(r.userAgent),
          country: r.country,
          createdAt: r.createdAt,
          lastSeenAt: r.lastSeenAt,
        }));
        return { rows: shown, total };
      },
      async audit(offset: number) {
        const filter = { userId: account.userId, siteIds: actor.siteIds };
        const rows = await findAudit(db, { ...filter, limit: MEMBER_LIST_PAGE, offset });
        return { rows, total: await countAudit(db, filter) };
      },
    } satisfies Record<TMemberList, (offset: number) => Promise<{ rows: unknown[]; total: number }>>;
  }
  type TLists = ReturnType<typeof listsOf>;
  type TListPages = { [K in TMemberList]: Awaited<ReturnType<TLists[K]>> };

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

    /** Everything the member's page shows first, for a staff member allowed on the member's site. */
    async memberFile(actor: TActor, userId: number) {
      const account = await accountFor(actor, userId);
      const records = await findMemberRecords(db, account);
      const lists = listsOf(actor, account);
      const firstPages: Partial<TListPages> = {};
      for (const list of MEMBER_LISTS) Object.assign(firstPages, { [list]: await lists[list](0) });
      return {
        account,
        ...(firstPages as TListPages),
        consents: records.consents,
        photos: records.photos.map((p) => ({
          id: p.id,
          isMain: p.isMain,
          createdAt: p.createdAt,
          thumb: photoUrls({ fileKey: p.fileKey, censoredKey: null }, '', false).thumb_filename,
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

    /** More rows of one long list of the member's page (`offset`: the rows the page has already). */
    async memberList(actor: TActor, { userId, list, offset }: { userId: number; list: TMemberList; offset: number }) {
      const account = await accountFor(actor, userId);
      const more: Partial<TListPages> = { [list]: await listsOf(actor, account)[list](offset) };
      return more;
    },
  };
}

/** Member look-up for the console (see createMemberAdminService). */
export type TMemberAdminService = ReturnType<typeof createMemberAdminService>;
