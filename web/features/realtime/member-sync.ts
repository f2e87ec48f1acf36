import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { POLL_INTERVAL_MS, POLL_INTERVAL_PUSH_MS, POLL_START_DELAY_MS } from '#common/constants.ts';
import { reloadCredits, setCredits } from '#web/lib/credits-store.ts';
import { isRealtimeOpen, onRealtime, onSessionEnded, startRealtime, stopRealtime } from '#web/lib/realtime.ts';
import { applyChatEvent, clearChats, loadChats } from '../chat/chats-store.ts';
import { clearLikes, loadLikes } from '../likes/likes-store.ts';
import { isPushSubscribed, onPushStateChange } from '../notifications/push.ts';

/** Reloads the member (balance), chats and likes, as polling and a socket resync do. */
async function refreshAll(): Promise<void> {
  await Promise.all([reloadCredits(), loadChats(), loadLikes()]);
}

/** Coalesces bursts of events into one reload. */
function debounced(run: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  call.cancel = () => clearTimeout(timer);
  return call;
}

/**
 * Keeps a logged-in member's chats, likes and balance current (spec §9, ARCHITECTURE realtime): the WebSocket pushes
 * changes as they happen and a resync follows every (re)connect; while the socket is down, the spec's polling runs
 * (first after 5 s, then every 60 s, or 300 s with a push subscription).
 */
export function useMemberSync(memberId: number | undefined, pageCredits: number | undefined): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    setCredits(pageCredits ?? null);
  }, [pageCredits]);

  // The session ended on the server: reload the page data, so the page shows the visitor's view at once.
  useEffect(() => onSessionEnded(() => void revalidate()), [revalidate]);

  useEffect(() => {
    if (!memberId) {
      stopRealtime();
      clearChats();
      clearLikes();
      setCredits(null);
      return;
    }
    const loadedAt = Date.now();
    const reloadChats = debounced(() => void loadChats(), 300);
    const reloadLikes = debounced(() => void loadLikes(), 300);
    let resync: ReturnType<typeof setTimeout> | undefined;
    const off = onRealtime((event) => {
      switch (event.type) {
        case 'hello':
          // (Re)connected: catch up on anything missed, but not before the spec's first poll would have.
          clearTimeout(resync);
          resync = setTimeout(() => void refreshAll(), Math.max(0, loadedAt + POLL_START_DELAY_MS - Date.now()));
          break;
        case 'credits':
          setCredits(event.credits);
          break;
        case 'like':
        case 'match':
          reloadLikes();
          break;
        default:
          if (applyChatEvent(event) === 'reload') reloadChats();
      }
    });
    startRealtime();

    let poll: ReturnType<typeof setTimeout> | undefined;
    let firstPollDone = false;
    let generation = 0;
    const schedule = async (first: boolean) => {
      // A later call (push enabled or disabled meanwhile) supersedes this one while it asks the browser.
      const mine = ++generation;
      const every = first ? POLL_START_DELAY_MS : (await isPushSubscribed()) ? POLL_INTERVAL_PUSH_MS : POLL_INTERVAL_MS;
      if (mine !== generation) return;
      clearTimeout(poll);
      poll = setTimeout(() => {
        firstPollDone = true;
        if (!isRealtimeOpen()) void refreshAll();
        void schedule(false);
      }, every);
    };
    void schedule(true);
    // Push turned on or off in this tab: the polling interval follows at once (60 s ↔ 300 s).
    const offPush = onPushStateChange(() => {
      if (firstPollDone) void schedule(false);
    });
    return () => {
      off();
      offPush();
      generation++;
      clearTimeout(poll);
      clearTimeout(resync);
      reloadChats.cancel();
      reloadLikes.cancel();
      stopRealtime();
    };
  }, [memberId]);
}
