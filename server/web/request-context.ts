import type { TLocale } from '#common/locales.ts';
import type { TUser } from '#common/wire/user.ts';
import type { TSite } from '../modules/sites/sites.service.ts';
import type { TStaffMe } from '../modules/staff/staff-auth.service.ts';
import type { TServices } from '../services.ts';

/** What every page loader receives through the React Router context (ARCHITECTURE §1b). */
export interface TRequestContext {
  services: TServices;
  site: TSite;
  locale: TLocale;
  geoCountry: string | null;
  nonce: string;
  cookies: Record<string, string | undefined>;
  user: TUser | null;
  /** The staff member of a console page (`/admin…`), else null. */
  staff: TStaffMe | null;
  /** The browser's session was ended by a ban or suspension: pages redirect to the access-ban page. */
  accessBanned: boolean;
  ip: string;
  userAgent: string | null;
  /** Base URL for links in emails (see siteOrigin). */
  origin: string;
  secure: boolean;
}
