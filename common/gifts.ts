/**
 * The gift catalogue (spec §2 profile view gift button, §3 message kind gift). Every gift costs the site's
 * `gift_credits`; its name is the catalogue key `gifts.<id>` and its image `/gifts/<id>.svg`.
 */
export const GIFTS = [
  'rose',
  'heart',
  'chocolates',
  'teddy',
  'champagne',
  'coffee',
  'cake',
  'sunflower',
  'star',
  'kiss',
  'ring',
  'cocktail',
] as const;
export type TGiftId = (typeof GIFTS)[number];

/** The image of a gift. */
export function giftImage(id: string): string {
  return `/gifts/${id}.svg`;
}
