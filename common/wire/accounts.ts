import { z } from 'zod';
import { PASSWORD_MAX } from '../accounts.ts';
import { LOCALES } from '../locales.ts';
import { zText } from '../text.ts';

export { ZLoginRequest } from '../accounts.ts';
export { ZUserResponse, type TUser } from './user.ts';

const ZPasswordField = zText().max(PASSWORD_MAX);

/** `POST /api/signup.php` body as the docs show it; the server checks it against the spec §3 form (common/accounts.ts). */
export const ZSignupBody = z.object({}).passthrough().describe('the signup form of spec §3 (common/accounts.ts)');

/**
 * `POST /api/signup.php` answer: the address an email went to, the same whether it was new or already had an account
 * (no session either way: the new member logs in with the password they chose; issue 28).
 */
export const ZSignupResponse = z.object({ email: z.string() });

/** `PUT /api/user.php` body: the member's language. */
export const ZLanguageRequest = z.object({ language: z.enum(LOCALES) });

/** `POST /api/password-reset.php` and `/api/reactivation.php` body. */
export const ZEmailRequest = z.object({ email: zText().max(254) });

/** The token of an emailed link (activation, reset, reactivation, email change and its undo, notification re-enable). */
const ZLinkToken = zText().max(100);

/** The form of an emailed link's page: its one button posts the link's token. */
export const ZLinkForm = z.object({ token: ZLinkToken });

/** `POST /api/password-reset-do.php` body: the emailed token and the new password. */
export const ZPasswordResetRequest = z.object({
  token: ZLinkToken,
  password: ZPasswordField,
  password_confirmation: ZPasswordField,
});

/** `PUT /api/password.php` body. */
export const ZPasswordChangeRequest = z.object({
  old_password: ZPasswordField,
  password: ZPasswordField,
  password_confirmation: ZPasswordField,
});

/** `POST /api/mail-change.php` body: the new address (confirmed by email) and the current password. */
export const ZMailChangeRequest = z.object({ email: zText().max(300), password: ZPasswordField });

/** `PUT /api/invisible.php` body. */
export const ZInvisibleRequest = z.object({ invisible: z.boolean() });

/** `POST /api/retention-offer.php` answer: the discount offered instead of deleting the account. */
export const ZRetentionOffer = z.object({ code: z.string(), value_percentage: z.number().int(), expires: z.string() });

/** `DELETE /api/user.php` body: the password and the reason for leaving. */
export const ZDeleteAccountRequest = z.object({ password: ZPasswordField, reason: zText().max(100) });

export type TPasswordChangeRequest = z.infer<typeof ZPasswordChangeRequest>;
export type TMailChangeRequest = z.infer<typeof ZMailChangeRequest>;
export type TRetentionOffer = z.infer<typeof ZRetentionOffer>;
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;
