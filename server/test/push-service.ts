import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type ECDH,
  type KeyObject,
} from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TPushPayload } from '#common/notifications.ts';

// A local Web Push service for tests and benchmarks: it checks each request as a real push service would
// (VAPID JWT signed ES256 with the key it names, audience, expiry, subject) and decrypts the aes128gcm body with the
// subscription's private key (RFC 8291, written here from the RFC rather than taken from web-push's own helpers), so a test asserts what the member's browser would show. web-push only speaks https, so
// the service gets a self-signed certificate made at start; `agent` trusts it (pass it as `pushAgent`).

/** One DER element: tag, length, content. */
function der(tag: number, content: Buffer): Buffer {
  let length: Buffer;
  if (content.length < 0x80) {
    length = Buffer.from([content.length]);
  } else {
    const bytes: number[] = [];
    for (let n = content.length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
    length = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => der(0x31, Buffer.concat(parts));
const integer = (value: Buffer) => der(0x02, value[0] & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
const utcTime = (at: Date) => der(0x17, Buffer.from(`${at.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));

/** A DER object identifier from its dotted form. */
function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const n of rest) {
    const encoded = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) encoded.unshift((v & 0x7f) | 0x80);
    bytes.push(...encoded);
  }
  return der(0x06, Buffer.from(bytes));
}

/** A self-signed P-256 certificate for 127.0.0.1 and localhost, valid for a day (PEM). */
function selfSignedCertificate(): { cert: string; key: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const name = sequence(set(sequence(oid('2.5.4.3'), der(0x0c, Buffer.from('amora test push service')))));
  const serial = randomBytes(12);
  serial[0] &= 0x7f;
  const now = Date.now();
  const subjectAltName = sequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost')));
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(
      0xa3,
      sequence(
        sequence(oid('2.5.29.17'), der(0x04, subjectAltName)),
        sequence(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, sequence(der(0x01, Buffer.from([0xff]))))),
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = certificate
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) as the browser would, with its key pair and auth secret. */
function decryptPush(body: Buffer, ecdh: ECDH, authSecret: string): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > recordSize)
    throw new Error('not a single aes128gcm record with a P-256 key id');
  const receiverKey = ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(
    hkdfSync('sha256', ecdh.computeSecret(senderKey), Buffer.from(authSecret, 'base64url'), keyInfo, 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing aes128gcm last-record delimiter');
  return padded.subarray(0, end);
}

/** A browser's subscription as `PushSubscription.toJSON()` gives it. */
export interface TTestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What only the browser knows: the private key and auth secret that decrypt its pushes. */
const browsers = new Map<string, { ecdh: ECDH; auth: string }>();

/** A new browser subscription for an endpoint (fresh P-256 key pair and auth secret), known to every test push service. */
export function testSubscription(endpoint: string): TTestSubscription & { privateKey: ECDH } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  browsers.set(endpoint, { ecdh, auth });
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth }, privateKey: ecdh };
}

/** One push the service accepted (or refused with a status it was told to answer), decrypted. */
export interface TReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  payload: TPushPayload;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID public key (`k`) the request was signed with, and the JWT's claims. */
  vapid: { publicKey: string; aud: string; exp: number; sub: string };
  /** The status answered. */
  status: number;
}

/** The ES256 public key of a raw uncompressed P-256 point (base64url). */
function publicKeyFromRaw(raw: string): KeyObject {
  const point = Buffer.from(raw, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID k is not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/** Checks the `Authorization: vapid t=…, k=…` header (RFC 8292); returns the key and claims or throws why not. */
function verifyVapid(header: string | undefined, audience: string): TReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match;
  const [head, body, signature] = jwt.split('.');
  const jose = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (jose.alg !== 'ES256') throw new Error(`JWT alg ${jose.alg}`);
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKeyFromRaw(k), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  const nowS = Date.now() / 1000;
  if (claims.aud !== audience) throw new Error(`JWT aud ${claims.aud}, expected ${audience}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + 86_400) {
    throw new Error(`JWT exp ${claims.exp} not within the next 24 hours`);
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`);
  return { publicKey: k, aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

/** A running local push service. */
export interface TTestPushService {
  /** An endpoint URL on this service (`/push/<path>`, a random path by default). */
  endpoint(path?: string): string;
  /** A new browser subscription on this service (see `testSubscription`). */
  subscription(path?: string): TTestSubscription & { privateKey: ECDH };
  /** Pushes received, in order, decrypted and verified. */
  received: TReceivedPush[];
  /** Requests refused because they were malformed (bad VAPID, undecryptable body…), with the reason. */
  rejected: string[];
  /** Answers the next `times` pushes (default 1) with this status (and headers, e.g. `retry-after`). */
  respondWith(status: number, times?: number, headers?: Record<string, string>): void;
  /** An https agent that trusts this service's certificate (createServices' `pushAgent`). */
  agent: https.Agent;
  /** The service's certificate (PEM). */
  ca: string;
  close(): Promise<void>;
}

/** Starts a local push service on 127.0.0.1 (a random port). */
export async function startTestPushService(): Promise<TTestPushService> {
  const { cert, key } = selfSignedCertificate();
  const received: TReceivedPush[] = [];
  const rejected: string[] = [];
  const planned: { status: number; headers: Record<string, string> }[] = [];
  let origin = '';

  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const refuse = (status: number, reason: string) => {
        rejected.push(`${path}: ${reason}`);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      try {
        if (req.method !== 'POST') return refuse(405, `method ${req.method}`);
        const vapid = verifyVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') {
          return refuse(415, `content-encoding ${req.headers['content-encoding']}`);
        }
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, `TTL ${req.headers.ttl}`);
        const topic = req.headers.topic as string | undefined;
        if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, `Topic ${topic}`);
        const browser = browsers.get(`${origin}${path}`);
        if (!browser) return refuse(404, 'unknown subscription');
        const plain = decryptPush(Buffer.concat(chunks), browser.ecdh, browser.auth);
        const payload = JSON.parse(plain.toString('utf8')) as TPushPayload;
        const answer = planned.shift() ?? { status: 201, headers: {} };
        received.push({
          path,
          headers: req.headers,
          payload,
          ttl,
          urgency: req.headers.urgency as string | undefined,
          topic,
          vapid,
          status: answer.status,
        });
        res.writeHead(answer.status, answer.headers).end();
      } catch (err) {
        refuse(400, (err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: true });
  const endpoint = (path?: string) => `${origin}/push/${path ?? randomBytes(12).toString('base64url')}`;

  return {
    endpoint,
    subscription: (path?: string) => testSubscription(endpoint(path)),
    received,
    rejected,
    respondWith(status, times = 1, headers = {}) {
      for (let i = 0; i < times; i++) planned.push({ status, headers });
    },
    agent,
    ca: cert,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
