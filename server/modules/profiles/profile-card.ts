import { yearsSince } from '#common/accounts.ts';
import type { TMainImage, TProfileCard, TPublicCard } from '#common/wire/profile-card.ts';
import { photoUrls } from '../photos/photo-store.ts';
import type { TCardRow } from './profiles.repository.ts';

/**
 * Public URLs of a member's main photo, prefixed with the site's CDN prefix (spec §3 main_image); null = no photo.
 * With the photo's size and variant set the browser builds its srcset from these URLs (common/photo-variants.ts).
 */
export function mainImage(
  fileKey: string | null,
  cdnPrefix: string,
  size?: { width: number | null; height: number | null; variants: number | null },
): TMainImage | null {
  if (!fileKey) return null;
  const urls = photoUrls({ fileKey, censoredKey: null }, cdnPrefix, false);
  if (!size?.width || !size.height) return urls;
  return { ...urls, width: size.width, height: size.height, variants: size.variants ?? 0 };
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
    main_image: mainImage(r.fileKey, cdnPrefix, {
      width: r.photoWidth,
      height: r.photoHeight,
      variants: r.photoVariants,
    }),
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
