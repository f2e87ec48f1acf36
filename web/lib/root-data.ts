import type { TLocale } from '#common/locales.ts';
import type { TUser } from '#common/wire/user.ts';
import type { TTimeBonusResponse } from '#common/wire/payments.ts';

/** What the root loader gives every page (kept small: it is embedded in each document). */
export interface TRootData {
  locale: TLocale;
  locales: TLocale[];
  geoCountry: string | null;
  site: {
    name: string;
    domain: string;
    niche: number;
    indexTitle: string;
    description: string;
    supportEmail: string;
    supportPhone: string;
    minAge: number;
    entryPopup: 'yes' | 'no';
    signups: string;
    entryCountries: string[];
    fictionalWarning: string;
    fictionalSingular: string;
    fictionalPlural: string;
    /** The site's `fictional_icon` setting, for visitors; a member's own User carries the same flag. */
    fictionalIcon: boolean;
  };
  company: { name: string; address: string; city: string; country: string };
  user: TUser | null;
  /** A member's unread messages and new likes when the page was rendered (badges and title before the client loads). */
  counts?: TNavCounts | null;
  /** A non-paid member's running time bonus when the page was rendered (its banner is in the HTML, issue 32). */
  timeBonus?: TTimeBonusResponse['time_bonus'];
}

export interface TNavCounts {
  unread: number;
  newLikes: number;
}
