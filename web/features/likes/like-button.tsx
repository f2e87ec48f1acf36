import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { url } from '#web/lib/url.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { loadLikes } from './likes-store.ts';
import { like, unlike } from './likes.api.ts';
import { MatchModal, type TMatchProfile } from './match-modal.tsx';

/** Like / unlike on the profile screen; a like that makes a match opens the match modal. */
export function LikeButton({
  profile,
  liked: initiallyLiked,
  likedBy,
}: {
  profile: TMatchProfile & { name: string };
  liked: boolean;
  likedBy: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [liked, setLiked] = useState(initiallyLiked);
  const { run, busy, error } = useAsyncAction();
  const [matched, setMatched] = useState(false);
  const isHydrated = useHydrated();
  const toggle = () =>
    run(async () => {
      if (liked) {
        await unlike(profile.id);
        setLiked(false);
      } else {
        const answer = await like(profile.id);
        setLiked(true);
        setMatched(answer.match);
      }
      void loadLikes();
    });
  const isMatch = liked && likedBy;
  return (
    <>
      <button
        type="button"
        className={`btn btn-sm ${liked ? 'btn-primary' : 'btn-outline-primary'}`}
        aria-pressed={liked}
        disabled={busy || !isHydrated}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span> {liked ? t('likes.unlike') : t('likes.like')}
      </button>
      {isMatch ? <span className="badge text-bg-primary ms-2">{t('likes.state.match')}</span> : null}
      {!liked && likedBy ? <span className="badge text-bg-light border ms-2">{t('likes.liked_you')}</span> : null}
      {error ? (
        <span className="text-danger small ms-2" role="alert">
          {error}
        </span>
      ) : null}
      <MatchModal
        profile={matched ? profile : null}
        isMatch
        onClose={() => setMatched(false)}
        onImage={() => setMatched(false)}
        onAction={() => void navigate(url('members'))}
        actionLabel={t('likes.keep_browsing')}
      />
    </>
  );
}
