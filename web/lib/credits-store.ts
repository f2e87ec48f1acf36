import { useSyncExternalStore } from 'react';
import { fetchCurrentUser } from './user.api.ts';

/** The member's balance as last reported by the server (realtime, polling or a send), newer than the page data. */
let credits: number | null = null;
const listeners = new Set<() => void>();

/** Records a balance the server just reported. */
export function setCredits(value: number | null): void {
  if (credits === value) return;
  credits = value;
  for (const l of listeners) l();
}

/** The current balance: the last reported one, else the page data's. */
export function useCredits(fromPage: number): number {
  const reported = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => credits,
    () => null,
  );
  return reported ?? fromPage;
}

/** Asks the server for the balance (polling, resync, a completed purchase); failures keep the last one. */
export async function reloadCredits(): Promise<void> {
  const answer = await fetchCurrentUser().catch(() => null);
  if (answer?.user) setCredits(answer.user.credits);
}
