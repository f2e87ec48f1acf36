import type { TCore } from '#server/core.ts';
import { insertMail } from '#server/mail/mailbox.repository.ts';

/** Sends a text message (the direct debit SMS code, spec §3). */
export interface TSmsSender {
  kind: 'gateway' | 'mailbox';
  send(input: { siteId: number; to: string; text: string }): Promise<void>;
}

/**
 * The SMS provider: with SMS_GATEWAY_URL a JSON POST `{to, text}` (bearer SMS_GATEWAY_TOKEN) to the operator's
 * gateway; without, the message lands in the dev mailbox (`kind: 'sms'`, addressed to the phone number), like email
 * without SMTP_URL.
 */
export function createSmsSender(
  core: Pick<TCore, 'db'>,
  gateway: { gatewayUrl: string; gatewayToken: string | undefined } | null,
): TSmsSender {
  const { db } = core;
  if (gateway) {
    return {
      kind: 'gateway',
      async send({ to, text }) {
        const response = await fetch(gateway.gatewayUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(gateway.gatewayToken ? { authorization: `Bearer ${gateway.gatewayToken}` } : {}),
          },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      },
    };
  }
  return {
    kind: 'mailbox',
    async send({ siteId, to, text }) {
      await insertMail(db, { siteId, to, subject: text, html: '', text, kind: 'sms' });
    },
  };
}
