import type { TDb } from '../db/connect.ts';
import { AppError } from '../lib/app-error.ts';
import type { TRealtimeHub } from '../realtime/hub.ts';
import { publishCredits } from '../realtime/publish-credits.ts';
import { changeCredits, lockAccountByEmail } from './dev-credits.repository.ts';

/** Development-only credit grants (journeys try paid features before a purchase exists). */
export function createDevCreditsService(deps: { db: TDb; realtime: TRealtimeHub }) {
  const { db, realtime } = deps;
  return {
    /**
     * Grants credits to the one account with this email on the site (the same address on another white-label site
     * is another member); a negative amount takes credits away, never below 0. Balance and ledger row change in one
     * transaction. Returns the new balance.
     */
    async grant(siteId: number, email: string, credits: number): Promise<number> {
      const granted = await db.transaction(async (tx) => {
        const account = await lockAccountByEmail(tx, siteId, email.toLowerCase());
        if (!account) return null;
        const delta = Math.max(-account.credits, credits);
        return {
          profileId: account.profileId,
          credits: await changeCredits(tx, { userId: account.id, delta, reason: 'dev_grant' }),
        };
      });
      if (!granted) throw new AppError('email_not_found');
      // Open tabs show the new balance at once; a missed event is caught up by polling.
      await publishCredits(realtime, granted.profileId, granted.credits);
      return granted.credits;
    },
  };
}
