/** How the mailer reads an SMTP relay's answers and the host names it greets with. */

/**
 * Whether an SMTP error is permanent: a 5xx answer (the address or message is refused). A 5xx to the login is not:
 * it is our configuration, and mail should go out once it is fixed.
 */
export function isPermanentSmtpError(err: unknown): boolean {
  const { responseCode, code } = (err ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

/**
 * Whether a failed delivery means the relay itself cannot be reached or serve us now (no SMTP answer at all, or 421
 * "service not available"), as opposed to a refusal of one message or recipient (a 4xx greylisting, a 5xx).
 */
export function isRelayUnavailable(err: unknown): boolean {
  const { responseCode } = (err ?? {}) as { responseCode?: unknown };
  return responseCode === undefined || responseCode === 421;
}

/** Whether a host name is one a mail server can look up (a dot, not localhost, not an address literal). */
export function isPublicHostName(host: string | undefined): host is string {
  return !!host && host.includes('.') && !/(^|\.)localhost$/.test(host) && !/^[\d.]+$|:/.test(host);
}
