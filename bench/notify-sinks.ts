// The receiving end of `npm run bench:notify`, in its own process (the sinks must not share the sender's event loop):
// a local SMTP sink (smtp-server, accepts everything, keeps only counts) and the local Web Push service of the tests
// (server/test/push-service.ts: verifies each VAPID JWT and decrypts each payload). Driven over IPC by bench/notify.ts:
// `subscriptions` makes browser subscriptions on the push service, `reset` clears the counters, `stats` reports what
// arrived (counts per recipient, duplicates, refusals, sizes, time of the first and last arrival in epoch ms).
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { startTestPushService, type TReceivedPush } from '#server/test/push-service.ts';

/** What one sink saw since the last reset. */
interface TSinkStats {
  received: number;
  /** Distinct recipients (email address, push endpoint path). */
  distinct: number;
  /** Messages to a recipient that already had one. */
  duplicates: number;
  /** Refused requests (push: bad VAPID, undecryptable…), with the first reasons. */
  rejected: number;
  rejectedSample: string[];
  /** Average size: the raw message (email) or the decrypted payload (push), in bytes. */
  avgBytes: number;
  /** Messages of the expected shape (email: has List-Unsubscribe; push: kind `like`). */
  wellFormed: number;
  firstAt: number | null;
  lastAt: number | null;
}

/** Epoch milliseconds with sub-millisecond precision (comparable with the parent process's). */
const epochMs = () => performance.timeOrigin + performance.now();

function counter() {
  const seen = new Set<string>();
  const s = { received: 0, duplicates: 0, bytes: 0, wellFormed: 0, firstAt: null as number | null, lastAt: 0 };
  return {
    add(recipient: string, bytes: number, wellFormed: boolean) {
      const at = epochMs();
      s.received++;
      s.bytes += bytes;
      if (wellFormed) s.wellFormed++;
      if (seen.has(recipient)) s.duplicates++;
      seen.add(recipient);
      s.firstAt ??= at;
      s.lastAt = at;
    },
    stats(rejected: string[]): TSinkStats {
      return {
        received: s.received,
        distinct: seen.size,
        duplicates: s.duplicates,
        rejected: rejected.length,
        rejectedSample: rejected.slice(0, 5),
        avgBytes: s.received ? Math.round(s.bytes / s.received) : 0,
        wellFormed: s.wellFormed,
        firstAt: s.firstAt,
        lastAt: s.received ? s.lastAt : null,
      };
    },
    reset() {
      seen.clear();
      Object.assign(s, { received: 0, duplicates: 0, bytes: 0, wellFormed: 0, firstAt: null, lastAt: 0 });
    },
  };
}

const mail = counter();
const mailRejected: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // A relay would look the client up; here that would only time the resolver (about 100 ms a connection).
  disableReverseLookup: true,
  // Many parallel senders; the default limit of 100 clients would not be reached, but say it.
  maxClients: 1000,
  onData(stream, session, callback) {
    let bytes = 0;
    let head = '';
    stream.on('data', (c: Buffer) => {
      bytes += c.length;
      if (head.length < 8192) head += c.toString('latin1');
    });
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) mail.add(rcpt.address, bytes, /^List-Unsubscribe:/im.test(head));
      callback();
    });
  },
});
smtp.on('error', (err) => mailRejected.push(err.message));
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const pushes = counter();
const push = await startTestPushService();
// The test service keeps every push it accepts; here only the counts and the arrival time are wanted.
push.received.push = (...items: TReceivedPush[]) => {
  for (const p of items) {
    pushes.add(p.path, Buffer.byteLength(JSON.stringify(p.payload)), p.payload.kind === 'like');
  }
  return 0;
};

type TRequest =
  | { id: number; type: 'subscriptions'; paths: string[] }
  | { id: number; type: 'reset' }
  | { id: number; type: 'stats' }
  | { id: number; type: 'exit' };

process.on('message', (msg: TRequest) => {
  const reply = (body: Record<string, unknown>) => process.send!({ id: msg.id, ...body });
  switch (msg.type) {
    case 'subscriptions':
      reply({
        subscriptions: msg.paths.map((p) => {
          const s = push.subscription(p);
          return { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
        }),
      });
      break;
    case 'reset':
      mail.reset();
      pushes.reset();
      mailRejected.length = 0;
      push.rejected.length = 0;
      reply({});
      break;
    case 'stats':
      reply({ mail: mail.stats(mailRejected), push: pushes.stats(push.rejected) });
      break;
    case 'exit':
      void Promise.all([push.close(), new Promise<void>((resolve) => smtp.close(() => resolve()))]).then(() => {
        reply({});
        process.disconnect();
      });
      break;
  }
});
process.send!({ id: 0, smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`, pushCa: push.ca });
