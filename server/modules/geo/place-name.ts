/** Letters that carry no combining mark in Unicode, spelt as a keyboard without them would type them. */
const FOLDED_LETTERS: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th' };

/** A place name compared without case, accents or repeated spaces ("Zürich" = "zurich", "Łódź" = "lodz"). */
export function placeNameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøæœßđðþ]/g, (c) => FOLDED_LETTERS[c])
    .replace(/\s+/g, ' ')
    .trim();
}
