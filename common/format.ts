/** The number to dial: the support phone with dashes and spaces removed (spec §9). */
export function dialablePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** A price in minor units (cents) in a locale, e.g. 1499 EUR in de → "14,99 €". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
