import emailSpellChecker from '@zootools/email-spell-checker';

/** A likely intended address for a mistyped email domain ('gmial.com' → 'gmail.com'), or null. */
export function suggestEmail(email: string): string | null {
  const value = email.trim();
  if (!value.includes('@')) return null;
  const result = emailSpellChecker.run({ email: value });
  return result?.full && result.full !== value ? result.full : null;
}
