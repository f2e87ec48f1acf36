import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { url } from '#web/lib/url.ts';
import { loadLikes } from './likes-store.ts';
import { fetchAutoLike } from './likes.api.ts';
import { MatchModal, type TMatchProfile } from './match-modal.tsx';

/** Likes reload this long after an auto-like (spec §4). */
const RELOAD_AFTER_MS = 500;
/** Longest delay honoured from the `t` query value, in seconds. */
const MAX_DELAY_S = 3600;

/**
 * The like modal (spec §2/§8): with `?t=<seconds>` on any page a member opens, the value is removed from the URL at
 * once and, after that many seconds, a member who likes them is shown (auto-like when none is passed in); its image
 * and 'view profile' button lead to the profile.
 */
export function LikeModalTrigger() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [profile, setProfile] = useState<TMatchProfile | null>(null);
  const delay = params.get('t');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (delay === null) return;
    const seconds = Math.min(Math.max(Number(delay) || 0, 0), MAX_DELAY_S);
    setParams(
      (p) => {
        p.delete('t');
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
    // Not cleared when `t` leaves the URL (that re-runs this effect); only when the layout goes away.
    timer.current = setTimeout(async () => {
      const answer = await fetchAutoLike().catch(() => null);
      if (answer?.profile) setProfile(answer.profile);
      setTimeout(() => void loadLikes(), RELOAD_AFTER_MS);
    }, seconds * 1000);
  }, [delay, setParams]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const open = (p: TMatchProfile) => {
    setProfile(null);
    void navigate(url('members-id', { id: p.id }));
  };
  return (
    <MatchModal
      profile={profile}
      isMatch={false}
      onClose={() => setProfile(null)}
      onImage={open}
      onAction={open}
      actionLabel={t('likes.view_profile')}
    />
  );
}
