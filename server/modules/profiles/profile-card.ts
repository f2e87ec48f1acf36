import { yearsSince } from '#common/accounts.ts';
import type { TMainImage, TProfileCard, TPublicCard } from '#common/wire/profile-card.ts';
import { photoUrls } from '../photos/photo-store.ts';
import type { TCardRow } from './profiles.repository.ts';

/** Public URLs of a member's main photo, prefixed with the site's CDN prefix (spec §3 main_image); null = no photo. */
export function mainImage(fileKey: string | null, cdnPrefix: string): TMainImage | null {
  return fileKey ? photoUrls({ fileKey, censoredKey: null }, cdnPrefix, false) : null;
}

/** The member card of a profile row (spec §3 Profile as shown in lists). */
export function toProfileCard(r: TCardRow, cdnPrefix: string, today: Date): TProfileCard {
  return {
    id: r.id,
    gender: r.gender,
    name: r.name,
    age: yearsSince(r.birthDate, today),
    city: r.city,
    country: r.country,
    is_fictional: r.isFictional,
    main_image: mainImage(r.fileKey, cdnPrefix),
  };
}

/** A visible member's public card with about-me, interests and language (member landers, first message). */
export function toPublicCard(
  r: TCardRow & { aboutMe: string; interests: string[]; locale: string },
  cdnPrefix: string,
  today: Date,
): TPublicCard {
  return { ...toProfileCard(r, cdnPrefix, today), about_me: r.aboutMe, locale: r.locale, interests: r.interests };
}
