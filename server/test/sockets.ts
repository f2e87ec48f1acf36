import WebSocket from 'ws';
import type { TServerEvent } from '#common/realtime.ts';

export interface TTestSocket {
  raw: WebSocket;
  /** Every event received so far. */
  events: TServerEvent[];
  /** The next event of a type not returned before (waits up to 5 s). */
  next<K extends TServerEvent['type']>(type: K): Promise<Extract<TServerEvent, { type: K }>>;
  send(frame: unknown): void;
  close(): void;
}

/** Opens `/api/ws` as a member's browser would (same origin, session cookie) and waits for the server's hello. */
export async function openSocket(base: string, cookie: Record<string, string>): Promise<TTestSocket> {
  const raw = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`, {
    headers: {
      origin: base,
      cookie: Object.entries(cookie)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  });
  const events: TServerEvent[] = [];
  const taken = new Set<TServerEvent>();
  raw.on('message', (data) => events.push(JSON.parse(String(data)) as TServerEvent));
  const socket: TTestSocket = {
    raw,
    events,
    next(type) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => {
          const found = events.find((e) => e.type === type && !taken.has(e));
          if (found) {
            taken.add(found);
            resolve(found as never);
          } else if (Date.now() - started > 5000) reject(new Error(`no ${type} event`));
          else setTimeout(poll, 5);
        };
        poll();
      });
    },
    send: (frame) => raw.send(JSON.stringify(frame)),
    close: () => raw.close(),
  };
  await new Promise<void>((resolve, reject) => {
    raw.once('open', () => resolve());
    raw.once('error', reject);
    raw.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  await socket.next('hello');
  return socket;
}

/**
 * The close code the server ends a socket with; call it before the action that should close the socket. Rejects when
 * the socket is still open after 5 s.
 */
export function closeCode(socket: TTestSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    if (socket.raw.readyState === socket.raw.CLOSED) return reject(new Error('the socket was already closed'));
    const timer = setTimeout(() => reject(new Error('the socket is still open')), 5000);
    socket.raw.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
