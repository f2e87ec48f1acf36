import { url } from '../lib/url.ts';
import { MemberCard, type TMemberCardData } from './member-card.tsx';

/** The responsive grid of member cards (2 columns on phones up to 6 on wide screens); cards lead to profiles unless `to` says otherwise. */
export function MemberGrid({
  cards,
  to = (card) => url('members-id', { id: card.id }),
  className = '',
  priorityCount = 0,
}: {
  cards: TMemberCardData[];
  to?: (card: TMemberCardData) => string;
  className?: string;
  /** Cards whose photo loads at once with high priority: the first row when the grid is the page's main content. */
  priorityCount?: number;
}) {
  return (
    <ul className={`row row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6 g-3 list-unstyled ${className}`}>
      {cards.map((card, i) => (
        <li key={card.id} className="col">
          <MemberCard card={card} to={to(card)} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
