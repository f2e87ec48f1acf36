// Baseline of `npm run bench:chat`: the least a chat relay can do. A raw `ws` server on node:http: clients connect
// with ?id=<member>; POST /send {from, to, text} inserts one row into PostgreSQL and forwards it to the recipient's
// sockets. No auth, no validation, no credits. Prints `PORT n` once listening.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  'create table if not exists relay_messages (id bigserial primary key, sender int not null, recipient int not null, body text not null, created_at timestamptz not null default now())',
);
const sockets = new Map<number, Set<WebSocket>>();

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/send') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { from, to, text } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      from: number;
      to: number;
      text: string;
    };
    pool
      .query('insert into relay_messages (sender, recipient, body) values ($1, $2, $3) returning id, created_at', [
        from,
        to,
        text,
      ])
      .then(({ rows }) => {
        const frame = JSON.stringify({ type: 'message', message: { id: Number(rows[0].id), text }, profile_id: from });
        for (const ws of sockets.get(to) ?? []) ws.send(frame);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: Number(rows[0].id) }));
      })
      .catch(() => res.writeHead(500).end());
  });
});
const wss = new WebSocketServer({ server });
wss.on('connection', (ws, req) => {
  const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('id'));
  const set = sockets.get(id) ?? new Set<WebSocket>();
  set.add(ws);
  sockets.set(id, set);
  ws.send(JSON.stringify({ type: 'hello' }));
  ws.on('close', () => set.delete(ws));
});
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  wss.close();
  server.close();
  void pool.end().then(() => process.exit(0));
});
