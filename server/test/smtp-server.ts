import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server for tests: keeps every message it accepts, and refuses recipients with a code while told to. */
export interface TTestSmtp {
  /** `SMTP_URL` for the app under test. */
  url: string;
  /** Raw messages received, oldest first. */
  received: string[];
  /** While set, every recipient is refused with this SMTP reply code (451 temporary, 550 permanent). */
  refuseWith: number | null;
  close(): Promise<void>;
}

/** Starts a test SMTP server on a free loopback port. */
export async function startTestSmtp(): Promise<TTestSmtp> {
  const smtp: Omit<TTestSmtp, 'url' | 'close'> = { received: [], refuseWith: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      const code = smtp.refuseWith;
      callback(code ? Object.assign(new Error('mailbox unavailable'), { responseCode: code }) : undefined);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        smtp.received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(smtp, {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
