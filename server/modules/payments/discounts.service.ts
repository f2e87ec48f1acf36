import { TIME_BONUS_SECONDS, WELCOME_DISCOUNT_PERCENT } from '#common/constants.ts';
import type { TPaymentMethod } from '#common/payments.ts';
import type { TCore } from '#server/core.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { newToken } from '#server/lib/tokens.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  findCodeByText,
  findPersonalCodes,
  findSignup,
  findWelcomeCode,
  hasRedeemed,
  insertCodeOnce,
  lockCode,
  type TCodeRow,
} from './discounts.repository.ts';
import { countRedemptions } from './price-admin.repository.ts';

/** Who uses a code, where. */
export type TRedeemer = { userId: number; siteId: number; country: string };

/** A code as `GET /api/discountcode.php` answers it (spec §3 Discount code). */
export function toDiscountWire(c: TCodeRow, now: Date) {
  const expired = c.expires.getTime() <= now.getTime();
  return {
    code: c.code,
    country: c.country,
    user_id: c.userId,
    expires: c.expires.toISOString(),
    value_percentage: c.valuePercentage,
    currency: c.currency,
    minimum_order_value: c.minimumOrderValue,
    status: c.status,
    validity: Math.max(0, Math.floor((c.expires.getTime() - now.getTime()) / 1000)),
    expired,
    paymentmethods: c.paymentMethods,
  };
}

type TFindCode = { who: TRedeemer; code: string; now: Date };

/**
 * Finds a code the member may use (spec §8 'Code not found' / 'Code already used'): active, not expired, for this
 * site, country and member (or for everyone), and not redeemed by the member before.
 */
export function findUsableCode(db: TDb | TTx, find: TFindCode): Promise<TCodeRow> {
  return usableCode(db, find, async () => {});
}

/**
 * `findUsableCode` in the transaction that records the redemption: a campaign with a use limit is locked before its
 * uses are counted, so of two checkouts for its last use the second waits for the first to commit, then counts that
 * use and gets `discount_used` (the count alone, outside a lock, let both through).
 */
export function claimUsableCode(tx: TTx, find: TFindCode): Promise<TCodeRow> {
  return usableCode(tx, find, (codeId) => lockCode(tx, codeId));
}

async function usableCode(
  db: TDb | TTx,
  { who, code, now }: TFindCode,
  beforeCounting: (codeId: number) => Promise<void>,
): Promise<TCodeRow> {
  const row = await findCodeByText(db, code);
  if (
    !row ||
    row.status === 'disabled' ||
    row.expires.getTime() <= now.getTime() ||
    (row.startsAt !== null && row.startsAt.getTime() > now.getTime()) ||
    (row.countries.length > 0 && !row.countries.includes(who.country)) ||
    (row.userId !== null && row.userId !== who.userId) ||
    (row.siteId !== null && row.siteId !== who.siteId) ||
    (row.country !== null && row.country !== who.country)
  ) {
    throw new AppError('discount_not_found');
  }
  if ((await hasRedeemed(db, row.id, who.userId)) || row.status === 'used') throw new AppError('discount_used');
  // A campaign with a use limit: every redemption counts (a payment that ended without money gave its use back).
  if (row.maxUses !== null) {
    await beforeCounting(row.id);
    if ((await countRedemptions(db, row.id)) >= row.maxUses) throw new AppError('discount_used');
  }
  return row;
}

/** Whether a code applies to a bundle and method (currency, minimum order value, allowed methods). */
export function assertApplies(row: TCodeRow, order: { priceMinor: number; currency: string; method: TPaymentMethod }) {
  if (row.currency !== null && row.currency !== order.currency) throw new AppError('discount_not_found');
  if (order.priceMinor < row.minimumOrderValue) throw new AppError('discount_not_found');
  if (row.paymentMethods.length && !row.paymentMethods.includes(order.method)) throw new AppError('discount_not_found');
}

/** Discount codes and the welcome discount (spec §3, §4, §9). */
export function createDiscountsService(core: Pick<TCore, 'db' | 'now'>) {
  const { db, now } = core;
  /** When the member's welcome window ends (signup + 4 h), or null for paid members and after it ended. */
  async function welcomeWindowEnd(userId: number): Promise<Date | null> {
    const user = await findSignup(db, userId);
    if (!user || user.paid) return null;
    const ends = new Date(user.signup.getTime() + TIME_BONUS_SECONDS * 1000);
    return ends.getTime() > now().getTime() ? ends : null;
  }
  return {
    /**
     * The time bonus (spec §4): for a non-paid member until 14,400 s after signup, the welcome discount with the
     * seconds left for the countdown; null for paid members and afterwards.
     */
    async timeBonus(userId: number) {
      const ends = await welcomeWindowEnd(userId);
      if (!ends) return null;
      return {
        seconds_left: Math.floor((ends.getTime() - now().getTime()) / 1000),
        ends_at: ends.toISOString(),
        percentage: WELCOME_DISCOUNT_PERCENT,
      };
    },
    /** A code the member may use, as the client shows it. */
    async lookup(who: TRedeemer, code: string) {
      return toDiscountWire(await findUsableCode(db, { who, code, now: now() }), now());
    },
    /**
     * The welcome discount (spec §4): 25% on the first purchase, once per member, only for logged-in non-paid members
     * within 4 hours of signup; one personal code, valid until those 4 hours end.
     */
    async welcome(who: TRedeemer) {
      const ends = await welcomeWindowEnd(who.userId);
      if (!ends) throw new AppError('discount_not_found');
      await insertCodeOnce(db, {
        code: `WELCOME-${newToken()
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 8)
          .toUpperCase()}`,
        kind: 'welcome',
        siteId: who.siteId,
        userId: who.userId,
        valuePercentage: WELCOME_DISCOUNT_PERCENT,
        expires: ends,
      });
      const row = await findWelcomeCode(db, who.userId);
      return this.lookup(who, row.code);
    },
    /**
     * The best code the member holds, applied by itself at checkout (issue 31): the welcome discount while its window
     * runs and the personal retention `STAY-…` code, whichever gives more; null when none is usable. A code redeemed
     * before, expired or for another site or country does not count.
     */
    async best(who: TRedeemer) {
      if (await welcomeWindowEnd(who.userId)) await this.welcome(who).catch(() => null);
      const at = now();
      const usable: TCodeRow[] = [];
      for (const row of await findPersonalCodes(db, { userId: who.userId, kinds: ['welcome', 'retention'], now: at })) {
        const ok = await findUsableCode(db, { who, code: row.code, now: at }).catch(() => null);
        if (ok) usable.push(ok);
      }
      const [top] = usable.sort((a, b) => b.valuePercentage - a.valuePercentage);
      return top ? toDiscountWire(top, at) : null;
    },
  };
}

export type TDiscountsService = ReturnType<typeof createDiscountsService>;
