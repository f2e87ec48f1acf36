// A benchmark target in its own process: `bare` (node:http hello world) or `app` (Amora on in-memory PGlite or
// DATABASE_URL). Prints the port once listening; `app member` also makes a member with one conversation and prints it
// (`MEMBER {"cookie":…,"profileId":…,"conversationId":…}`) for the logged-in pages of the page benchmarks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { activeMember, CLIENT } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

/** An active member with credits who wrote to the newest demo profile: the session cookie and the ids to visit. */
async function benchMember(t: TTestApp) {
  const m = await activeMember(t, {}, { credits: 100 });
  const headers = { ...CLIENT, cookie: `auth.session=${m.cookie['auth.session']}` };
  const search = await t.app.inject({ url: '/api/search.php', headers });
  const profileId = (search.json() as { results: { id: number }[] }).results[0].id;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/chat.php',
    headers,
    payload: { profile_id: profileId, text: 'Hello there' },
  });
  if (sent.statusCode !== 200) throw new Error(`bench member could not send: ${sent.body}`);
  const chats = await t.app.inject({ url: '/api/chats.php', headers });
  const conversationId = (chats.json() as { conversation: { id: number } }[])[0].conversation.id;
  return { cookie: `auth.session=${m.cookie['auth.session']}`, profileId, conversationId };
}

if (process.argv[2] === 'bare') {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello world');
  });
  server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
} else {
  const t = await buildTestApp({ web: true, demoProfiles: 48 });
  const member = process.argv[3] === 'member' ? await benchMember(t) : null;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (member) console.log(`MEMBER ${JSON.stringify(member)}`);
  console.log(`PORT ${(t.app.server.address() as AddressInfo).port}`);
  process.on('SIGTERM', () => void t.close().then(() => process.exit(0)));
}
