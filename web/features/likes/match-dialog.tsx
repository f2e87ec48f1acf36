import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonIcon } from '#web/components/person-icon.tsx';
import { Photo } from '#web/components/photo.tsx';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';

export interface TMatchProfile {
  id: number;
  name?: string;
  main_image: { filename: string; thumb_filename: string } | null;
}

/**
 * The match modal (spec §2): a new like or a match. A click anywhere closes it; the profile image and the action
 * button emit their own events (`onImage`, `onAction`). A match also offers "Send a message", which opens the first
 * message to that member with the icebreakers (members-id-chat).
 */
export default function MatchDialog({
  profile,
  isMatch,
  onClose,
  onImage,
  onAction,
  actionLabel,
}: {
  profile: TMatchProfile | null;
  isMatch: boolean;
  onClose: () => void;
  onImage: (profile: TMatchProfile) => void;
  onAction: (profile: TMatchProfile) => void;
  actionLabel: string;
}) {
  const { t } = useTranslation();
  const me = useRootData()?.user;
  if (!profile) return null;
  const photo = (image: TMatchProfile['main_image'], alt: string) =>
    image ? (
      <Photo
        image={image}
        kind="thumb"
        sizes="120px"
        alt={alt}
        width={120}
        height={120}
        className="rounded-circle border border-3 border-white shadow"
        priority
      />
    ) : (
      <span
        className="d-inline-flex rounded-circle bg-body-tertiary text-secondary border border-3 border-white"
        style={{ width: 120, height: 120 }}
      >
        <PersonIcon size={120} />
      </span>
    );
  return (
    <Modal show centered onHide={onClose} aria-labelledby="match-title" contentClassName="text-center">
      {/* Any click on the dialog closes it; the image and the button also do their own thing first. */}
      <div role="presentation" onClick={onClose} className="p-4">
        <h2 id="match-title" className="h3 text-primary">
          {isMatch ? t('likes.match_title') : t('likes.new_like_title')}
        </h2>
        <p>{isMatch ? t('likes.match_text', { name: profile.name ?? '' }) : t('likes.new_like_text')}</p>
        <div className="d-flex justify-content-center align-items-center gap-3 my-3">
          {isMatch && me ? photo(me.profile.main_image, me.profile.name) : null}
          <button
            type="button"
            className="btn p-0 border-0 bg-transparent"
            onClick={() => onImage(profile)}
            aria-label={t('likes.view_profile')}
          >
            {photo(profile.main_image, profile.name ?? '')}
          </button>
        </div>
        <div className="d-flex flex-column flex-sm-row justify-content-center gap-2">
          {isMatch ? (
            <Link to={url('members-id-chat', { id: profile.id })} className="btn btn-primary" onClick={onClose}>
              {t('likes.send_message')}
            </Link>
          ) : null}
          <button
            type="button"
            className={isMatch ? 'btn btn-outline-primary' : 'btn btn-primary'}
            onClick={() => onAction(profile)}
          >
            {actionLabel}
          </button>
        </div>
        <p className="small text-body-secondary mt-3 mb-0">{t('likes.tap_to_close')}</p>
      </div>
    </Modal>
  );
}
