import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the test server accepted, with what the client said around it. */
export interface TReceivedEnvelope {
  /** The name the client gave in EHLO/HELO. */
  heloName: string;
  /** The envelope sender (MAIL FROM), where bounces go. */
  mailFrom: string;
  /** The envelope recipients (RCPT TO). */
  rcptTo: string[];
}

/** A local SMTP server for tests: keeps every message it accepts, and refuses recipients with a code while told to. */
export interface TTestSmtp {
  /** `SMTP_URL` for the app under test. */
  url: string;
  /** Raw messages received, oldest first. */
  received: string[];
  /** The envelope of each received message, in the same order. */
  envelopes: TReceivedEnvelope[];
  /** While set, every recipient is refused with this SMTP reply code (451 temporary, 550 permanent). */
  refuseWith: number | null;
  /** While set, every message is refused after its DATA with this reply code (e.g. 554: content rejected). */
  refuseDataWith: number | null;
  close(): Promise<void>;
}

/** Starts a test SMTP server on a free loopback port. */
export async function startTestSmtp(): Promise<TTestSmtp> {
  const smtp: Omit<TTestSmtp, 'url' | 'close'> = {
    received: [],
    envelopes: [],
    refuseWith: null,
    refuseDataWith: null,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      const code = smtp.refuseWith;
      callback(code ? Object.assign(new Error('mailbox unavailable'), { responseCode: code }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = smtp.refuseDataWith;
        if (code) return callback(Object.assign(new Error('message refused'), { responseCode: code }));
        smtp.received.push(Buffer.concat(chunks).toString('utf8'));
        const { mailFrom, rcptTo } = session.envelope;
        smtp.envelopes.push({
          heloName: session.hostNameAppearsAs,
          mailFrom: mailFrom ? mailFrom.address : '',
          rcptTo: rcptTo.map((r) => r.address),
        });
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

/** A mail server that accepts connections and never greets (a hung relay); counts the connections it took. */
export async function startSilentSmtp(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An `SMTP_URL` where nothing listens: every connection is refused. */
export async function refusingSmtpUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}?ignoreTLS=true`;
}
