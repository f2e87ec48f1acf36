import { PASSWORD_MAX, PASSWORD_MIN, type TSignupRequest, USERNAME_MAX, USERNAME_MIN } from '#common/accounts.ts';

/** The fields asked on each step (0–4), then the check-email step. */
export const SIGNUP_STEPS: (keyof TSignupRequest)[][] = [
  ['gender', 'looking_for', 'orientation_consent'],
  ['date_of_birth'],
  ['name'],
  ['email'],
  ['password', 'password_confirmation', 'accept_terms'],
];

/** What every step gets from the form: the answers so far, how to change them, and each field's problem. */
export type TSignupStepProps = {
  form: Partial<TSignupRequest>;
  set: (patch: Partial<TSignupRequest>) => void;
  /** The catalogue key of a field's problem (from the shared schema or the server), if any. */
  issueFor: (field: keyof TSignupRequest) => string | undefined;
  minAge: number;
};

/** The input id of a signup field; its hint and problem are `<id>-hint` and `<id>-error`. */
export const signupId = (field: keyof TSignupRequest) => `signup-${field}`;

/** The values a text field's problem message needs (the age, or the name's or password's length). */
export function issueValues(field: keyof TSignupRequest, minAge: number) {
  return {
    min_age: minAge,
    min: field === 'name' ? USERNAME_MIN : PASSWORD_MIN,
    max: field === 'name' ? USERNAME_MAX : PASSWORD_MAX,
  };
}
