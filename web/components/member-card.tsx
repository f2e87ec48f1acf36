import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TPhotoImage } from '#common/photo-variants.ts';
import { FictionalIcon } from './fictional.tsx';
import { PersonIcon } from './person-icon.tsx';
import { Photo } from './photo.tsx';

/**
 * The CSS width of a card photo at each breakpoint of MemberGrid (2 columns on phones, 3 from 576 px, 4 from 992 px,
 * 6 from 1200 px, in Bootstrap's containers with g-3 gutters), for srcset.
 */
export const CARD_PHOTO_SIZES =
  '(min-width: 1400px) 203px, (min-width: 1200px) 173px, (min-width: 768px) 222px, (min-width: 576px) 161px, calc(50vw - 20px)';

export interface TMemberCardData {
  id: number;
  name: string;
  age: number;
  city: string;
  country_name: string;
  is_fictional: boolean;
  main_image: TPhotoImage | null;
  /** A highlight shown over the photo, e.g. 'New' for a like not seen yet. */
  highlight?: string;
}

/**
 * A member's card: photo, name, age, place, and for a fictional profile the icon beside the name (when the site shows
 * it) and the badge (ARCHITECTURE §6). The link is named by its visible text (name, age, place, badge), so what a
 * screen reader announces and what a voice user says match what is shown (WCAG 2.5.3, issue 31).
 */
export function MemberCard({ card, to, priority = false }: { card: TMemberCardData; to: string; priority?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="member-card card h-100 text-decoration-none">
      <div className="ratio ratio-1x1 member-card__photo position-relative">
        {card.main_image ? (
          <Photo image={card.main_image} kind="thumb" sizes={CARD_PHOTO_SIZES} alt="" priority={priority} />
        ) : (
          <div
            className="member-card__placeholder d-flex align-items-center justify-content-center text-secondary"
            aria-hidden="true"
          >
            <PersonIcon size={72} />
          </div>
        )}
      </div>
      {card.highlight ? (
        <span className="badge text-bg-primary position-absolute top-0 start-0 m-2">{card.highlight}</span>
      ) : null}
      <div className="card-body p-2">
        <p className="card-title fw-semibold mb-0 text-truncate">
          {card.is_fictional ? <FictionalIcon className="me-1" /> : null}
          {card.name}, {card.age}
        </p>
        <p className="small text-body-secondary mb-0 text-truncate">
          {card.city ? t('home.location', { city: card.city, country: card.country_name }) : card.country_name}
        </p>
        {card.is_fictional ? <span className="badge text-bg-light border mt-1">{t('fictional.badge')}</span> : null}
      </div>
    </Link>
  );
}
