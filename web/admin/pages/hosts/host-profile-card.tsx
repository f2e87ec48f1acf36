import { useTranslation } from 'react-i18next';
import type { THostConversation } from '#common/wire/admin/hosts.ts';

type TCard = THostConversation['member'];

/** A profile beside the conversation: photo, name, age, place, texts and interests (member catalogue labels). */
export function HostProfileCard({ card, heading }: { card: TCard; heading: string }) {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation();
  return (
    <section className="card mb-3" aria-label={heading}>
      <div className="card-body">
        <h2 className="h6 text-body-secondary">{heading}</h2>
        <div className="d-flex gap-2 align-items-center mb-2">
          {card.photo ? (
            <img src={card.photo.thumb_filename} alt="" width={64} height={64} className="rounded" />
          ) : null}
          <div>
            <div className="fw-semibold">{card.name}</div>
            <div className="small text-body-secondary">
              {[card.age === null ? null : t('hosts.age', { age: card.age }), card.city, card.country]
                .filter(Boolean)
                .join(' · ')}
            </div>
          </div>
        </div>
        {card.aboutMe ? <p className="small mb-2 text-break">{card.aboutMe}</p> : null}
        {card.interests.length ? (
          <ul className="list-inline small mb-0">
            {card.interests.map((i) => (
              <li key={i} className="list-inline-item badge text-bg-light">
                {tm(`interests.${i}`)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
