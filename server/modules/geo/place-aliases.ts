/**
 * Local names of cities the place data spells only in English (GeoNames and countrystatecity both list "Munich",
 * "Warsaw", "The Hague"), keyed `country|dataset name`: a member typing "Münch" or "Wien" finds their city under
 * the name they know. Each entry's dataset name is checked by places.test.ts.
 */
export const PLACE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'AT|Vienna': ['Wien'],
  'BE|Antwerp': ['Antwerpen', 'Anvers'],
  'BE|Brussels': ['Brussel', 'Bruxelles'],
  'CH|Geneva': ['Genève', 'Genf'],
  'DE|Munich': ['München'],
  'DE|Nuremberg': ['Nürnberg'],
  'DK|Copenhagen': ['København'],
  'IT|Florence': ['Firenze'],
  'IT|Genoa': ['Genova'],
  'IT|Mantua': ['Mantova'],
  'IT|Milan': ['Milano'],
  'IT|Naples': ['Napoli'],
  'IT|Padua': ['Padova'],
  'IT|Rome': ['Roma'],
  'IT|Turin': ['Torino'],
  'IT|Venice': ['Venezia'],
  'NL|The Hague': ['Den Haag', "'s-Gravenhage"],
  'PL|Warsaw': ['Warszawa'],
  'SE|Gothenburg': ['Göteborg'],
};

/** Every name a place goes by: the dataset's, then its local names. */
export function namesOfPlace(country: string, name: string): readonly string[] {
  const aliases = PLACE_ALIASES[`${country}|${name}`];
  return aliases ? [name, ...aliases] : [name];
}
