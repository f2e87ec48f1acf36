import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/mobile';
import { z } from 'zod';
import { zText } from './text.ts';

/** The SMS code: 6 digits, valid for 10 minutes, at most 5 tries (spec §3 Direct debit). */
export const DIRECT_DEBIT_CODE_LENGTH = 6;
export const DIRECT_DEBIT_CODE_TTL_S = 600;
export const DIRECT_DEBIT_CODE_TRIES = 5;
/**
 * Per-member limits (spec §9 'limit reached'; decision): at most 2 direct debits not yet collected at a time, and
 * at most 3 in 30 days, because the credits are only granted once the bank collected them and a returned debit
 * blocks the member for direct debit.
 */
export const DIRECT_DEBIT_MAX_PENDING = 2;
export const DIRECT_DEBIT_MAX_PER_30_DAYS = 3;

/** An IBAN in electronic format (no spaces, upper case) when it is valid and of a SEPA country, else null. */
export function normaliseIban(input: string): string | null {
  const iban = electronicFormatIBAN(input);
  return iban && isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2)) ? iban : null;
}

/** A mobile number of the payment country (or any country when written +<code>), in E.164, else null. */
export function normaliseMobile(input: string, country: string): string | null {
  const value = input.trim();
  if (!value || !isValidPhoneNumber(value, country as CountryCode)) return null;
  return parsePhoneNumberWithError(value, country as CountryCode).number;
}

const text = (max: number) => zText().trim().min(1, 'validation.required').max(max, 'validation.required');

/** The direct debit form (spec §3 Direct debit); messages are catalogue keys, the phone checked for `country`. */
export function makeDirectDebitSchema(country: string) {
  return z.object({
    package_id: z.number().int().positive().max(2_147_483_647),
    account_holder: text(70).pipe(zText().min(2, 'validation.account_holder')),
    iban: zText().transform((v, ctx) => {
      const iban = normaliseIban(v);
      if (!iban) {
        ctx.addIssue({ code: 'custom', message: 'validation.iban_invalid' });
        return z.NEVER;
      }
      return iban;
    }),
    street: text(100),
    house_number: text(10),
    zip: zText()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, 'validation.zip_invalid'),
    city: text(60),
    phone: zText().transform((v, ctx) => {
      const phone = normaliseMobile(v, country);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: 'validation.mobile_invalid' });
        return z.NEVER;
      }
      return phone;
    }),
    consent: z.literal(true, 'validation.consent_required'),
  });
}
export type TDirectDebitForm = z.input<ReturnType<typeof makeDirectDebitSchema>>;
export type TDirectDebitInput = z.output<ReturnType<typeof makeDirectDebitSchema>>;

export const ZDirectDebitConfirm = z.object({
  request_id: z.uuid(),
  otp: zText()
    .trim()
    .regex(new RegExp(`^\\d{${DIRECT_DEBIT_CODE_LENGTH}}$`), 'errors.code_invalid'),
});
