// A benchmark target in its own process: `bare` (node:http hello world) or `app` (Amora on in-memory PGlite or
// DATABASE_URL). Prints the port once listening.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp } from '#server/test/test-app.ts';

if (process.argv[2] === 'bare') {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello world');
  });
  server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
} else {
  const t = await buildTestApp({ web: true, demoProfiles: 48 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${(t.app.server.address() as AddressInfo).port}`);
  process.on('SIGTERM', () => void t.close().then(() => process.exit(0)));
}
