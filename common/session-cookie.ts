import { AUTH_COOKIE_PREFIX } from './constants.ts';

/** Name of the session cookie (spec §9 'auth.' prefix). */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}session`;

/** Set-Cookie value for a session: 30 days, HttpOnly, SameSite=Lax, Secure over https. */
export function sessionCookieHeader(token: string, maxAge: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
