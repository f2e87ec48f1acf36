import { z } from 'zod';
import { PASSWORD_MAX, ZLoginRequest } from '../accounts.ts';
import { defineEndpoint } from '../endpoint.ts';
import { LOCALES } from '../locales.ts';
import { zText } from '../text.ts';

export { ZLoginRequest } from '../accounts.ts';
import { ZUserResponse } from './user.ts';
export { ZUserResponse, type TUser } from './user.ts';

const ZPasswordField = zText().max(PASSWORD_MAX);

/** `POST /api/signup.php` body as the docs show it; the server checks it against the spec §3 form (common/accounts.ts). */
export const ZSignupBody = z.object({}).passthrough().describe('the signup form of spec §3 (common/accounts.ts)');

/**
 * `POST /api/signup.php` answer: the address an email went to, the same whether it was new or already had an account
 * (no session either way: the new member logs in with the password they chose).
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

/** Login, current user, language, logout, signup and new activation emails (spec §7). */
export const accountsApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/user.php',
    tags: ['account'],
    summary: 'Log in',
    body: ZLoginRequest,
    response: ZUserResponse,
  }),
  current: defineEndpoint({
    method: 'GET',
    path: '/api/user.php',
    tags: ['account'],
    summary: 'The logged-in member',
    revalidate: true,
    response: ZUserResponse,
  }),
  setLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/user.php',
    tags: ['account'],
    summary: 'Change the interface language',
    body: ZLanguageRequest,
    response: ZUserResponse,
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/api/logout.php',
    tags: ['account'],
    summary: 'Log out',
    response: null,
  }),
  signup: defineEndpoint({
    method: 'POST',
    path: '/api/signup.php',
    tags: ['account'],
    summary: 'Sign up (starts no session: the member logs in; the same answer for an address that has an account)',
    body: ZSignupBody,
    response: ZSignupResponse,
  }),
  resendActivation: defineEndpoint({
    method: 'POST',
    path: '/api/activation.php',
    tags: ['account'],
    summary: 'Send a new activation email',
    response: null,
  }),
};

/** Password reset, password and email changes, invisible mode, deletion and reactivation emails. */
export const accountChangesApi = {
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/password-reset.php',
    tags: ['account'],
    summary: 'Email a password reset link',
    body: ZEmailRequest,
    response: null,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/password-reset-do.php',
    tags: ['account'],
    summary: 'Set a new password with a reset link and log in',
    body: ZPasswordResetRequest,
    response: ZUserResponse,
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/password.php',
    tags: ['account'],
    summary: 'Change the password',
    body: ZPasswordChangeRequest,
    response: null,
  }),
  requestMailChange: defineEndpoint({
    method: 'POST',
    path: '/api/mail-change.php',
    tags: ['account'],
    summary: 'Request an email change (with the current password)',
    body: ZMailChangeRequest,
    response: null,
  }),
  setInvisible: defineEndpoint({
    method: 'PUT',
    path: '/api/invisible.php',
    tags: ['account'],
    summary: 'Invisible mode on or off',
    body: ZInvisibleRequest,
    response: ZUserResponse,
  }),
  claimRetentionOffer: defineEndpoint({
    method: 'POST',
    path: '/api/retention-offer.php',
    tags: ['account'],
    summary: "Claim the company's retention discount instead of deleting the account",
    response: ZRetentionOffer,
  }),
  deleteAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/user.php',
    tags: ['account'],
    summary: 'Delete the account (14 days to reactivate)',
    body: ZDeleteAccountRequest,
    response: null,
  }),
  requestReactivation: defineEndpoint({
    method: 'POST',
    path: '/api/reactivation.php',
    tags: ['account'],
    summary: 'Email a reactivation link to a deleted account',
    body: ZEmailRequest,
    response: null,
  }),
};
