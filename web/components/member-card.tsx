import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FictionalIcon } from './fictional.tsx';
import { PersonIcon } from './person-icon.tsx';

export interface TMemberCardData {
  id: number;
  name: string;
  age: number;
  city: string;
  country_name: string;
  is_fictional: boolean;
  main_image: { filename: string; thumb_filename: string } | null;
  /** A highlight shown over the photo, e.g. 'New' for a like not seen yet. */
  highlight?: string;
}

/**
 * A member's card: photo, name, age, place, and for a fictional profile the icon beside the name (when the site shows
 * it) and the badge (ARCHITECTURE §6). The link is named by its visible text (name, age, place, badge), so what a
 * screen reader announces and what a voice user says match what is shown (WCAG 2.5.3, issue 31).
 */
export function MemberCard({ card, to }: { card: TMemberCardData; to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="member-card card h-100 text-decoration-none">
      <div className="ratio ratio-1x1 member-card__photo position-relative">
        {card.main_image ? (
          <img src={card.main_image.thumb_filename} alt="" loading="lazy" width={240} height={240} />
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
