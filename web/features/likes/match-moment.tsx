import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { onRealtime } from '#web/lib/realtime.ts';
import { url } from '#web/lib/url.ts';
import { loadLikes } from './likes-store.ts';
import { fetchNewMatches, matchSeen } from './likes.api.ts';
import { claimStoredLanderLikes } from './lander-likes.ts';
import { MatchModal, type TMatchProfile } from './match-modal.tsx';

/** Pages where a match screen would interrupt a conversation: it waits until the member leaves them. */
const QUIET_ROUTES = new Set(['chats-id', 'members-id-chat']);

/**
 * The match moment of the member who liked first: when the other member likes back, "It's a match!" shows live
 * (the socket's `match` event) or, when this member was away, on their next page (the server remembers the match
 * until its screen was shown). It also stores the likes made on the swipe lander before signing up.
 */
export function MatchMoment() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const [waiting, setWaiting] = useState<TMatchProfile[]>([]);
  const [shown, setShown] = useState<TMatchProfile | null>(null);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const answer = await fetchNewMatches().catch(() => null);
      if (!live || !answer) return;
      setWaiting((now) => [...now, ...answer.profiles.filter((p) => !now.some((n) => n.id === p.id))]);
    };
    void claimStoredLanderLikes().then(load);
    const off = onRealtime((event) => {
      if (event.type === 'match') void load();
    });
    return () => {
      live = false;
      off();
    };
  }, []);

  // One match at a time, and not over a conversation; once shown it is no longer new (here or in another tab).
  const next = waiting[0];
  const quiet = QUIET_ROUTES.has(routeId);
  useEffect(() => {
    if (shown || !next || quiet) return;
    setShown(next);
    setWaiting((now) => now.slice(1));
    void matchSeen(next.id)
      .catch(() => null)
      .then(() => loadLikes());
  }, [next, quiet, shown]);

  return (
    <MatchModal
      profile={shown}
      isMatch
      onClose={() => setShown(null)}
      onImage={(p) => {
        setShown(null);
        void navigate(url('members-id', { id: p.id }));
      }}
      onAction={() => setShown(null)}
      actionLabel={t('likes.keep_browsing')}
    />
  );
}
