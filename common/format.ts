/** The number to dial: the support phone with dashes and spaces removed (spec §9). */
export function dialablePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}
