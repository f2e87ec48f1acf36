import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { onRealtime } from '#web/lib/realtime.ts';

/**
 * One live member state (issue 31): when the balance rises while the page data still says "not premium" (a purchase
 * paid in another tab, a webhook after the result page, a grant by support), the page data is loaded again, so the
 * navigation's "Get Premium", the premium pages and the time bonus agree without a reload. Spending (a message) lowers
 * the balance and reloads nothing.
 */
export function useLiveMembership(user: { credits: number; paid_user: boolean } | null | undefined): void {
  const { revalidate } = useRevalidator();
  const last = useRef<number | null>(null);
  const credits = user?.credits;
  const paid = user?.paid_user;
  const known = credits !== undefined;
  useEffect(() => {
    last.current = credits ?? null;
  }, [credits]);
  useEffect(() => {
    if (!known || paid) return;
    return onRealtime((event) => {
      if (event.type !== 'credits') return;
      const rose = last.current !== null && event.credits > last.current;
      last.current = event.credits;
      if (rose) void revalidate();
    });
  }, [known, paid, revalidate]);
}
