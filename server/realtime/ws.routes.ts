import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import {
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_SLOW,
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_PAYLOAD,
  REALTIME_PATH,
  type TServerEvent,
  TYPING_SEND_EVERY_MS,
  VIEWING_TTL_MS,
  ZClientEvent,
} from '#common/realtime.ts';
import { memberChannel } from '#common/likes.ts';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/tokens.ts';
import { requireUser, SESSION_COOKIE } from '../plugins/auth.ts';
import { isSameOrigin } from '../plugins/security.ts';
import type { TServices } from '../services.ts';
import { publishToMember } from './publish.ts';
import { endsSession, sessionsChannel } from './session-events.ts';
import { MINUTE_MS } from '#common/time.ts';

/** A socket that has this much unsent data is too slow to follow its events and is closed (it resyncs later). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The standard "going away" close code, sent to every socket when the process shuts down. */
const CLOSE_GOING_AWAY = 1001;
/**
 * The session behind a socket is checked again this often. Logout, password change or reset and deletion close the
 * socket at once through the hub (`sessions_ended`); this check is the fallback when that event could not be sent.
 */
const SESSION_RECHECK_MS = 2 * MINUTE_MS;
/** A socket counts as connected (the member is "online now") this long after its last heartbeat: two and a half beats. */
const CONNECTED_TTL_MS = (REALTIME_HEARTBEAT_MS * 5) / 2;

/**
 * `GET /api/ws` (ARCHITECTURE §1): a member's realtime events. The upgrade must come from our own origin and carry
 * a valid session; the socket then receives everything published on the member's channel (on any process, through
 * the hub) and may send typing events for conversations it belongs to. It closes (4401) the moment its session ends.
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'accounts' | 'chat' | 'realtime'> },
) {
  await app.register(websocket, {
    options: { maxPayload: REALTIME_MAX_PAYLOAD },
    // Replaces the plugin's own close, which sends no code (clients see 1005): 1001 tells them the server is going
    // away, so they reconnect at once (to another process) instead of treating it as a fault.
    preClose: function (this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients) client.close(CLOSE_GOING_AWAY, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        // Browsers always send Origin on a WebSocket upgrade; another site's page must not ride the cookie.
        if (!request.headers.origin || !isSameOrigin(request)) throw new AppError('origin_rejected');
        requireUser(request);
      },
    },
    async (socket, request) => {
      const user = requireUser(request);
      const profileId = user.profile.id;
      const cookie = request.cookies[SESSION_COOKIE];
      const sessionId = hashToken(cookie ?? '');
      const cdnPrefix = request.site.cdnPrefix;
      let alive = true;
      let closed = false;
      const conversations = new Map<number, { other: number; typingAt: number }>();
      // The conversation this socket has on screen (presence: no notification about it).
      const socketId = randomUUID();
      let viewing: number | null = null;
      const renewViewing = () =>
        viewing === null
          ? Promise.resolve()
          : services.realtime.setViewing(profileId, { socketId, conversationId: viewing, ttlMs: VIEWING_TTL_MS });

      const send = (event: TServerEvent) => {
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.close(CLOSE_TOO_SLOW);
          return;
        }
        socket.send(JSON.stringify(event));
      };

      const onMessage = async (raw: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          return;
        }
        const result = ZClientEvent.safeParse(parsed);
        if (!result.success) return;
        const event = result.data;
        if (event.type === 'ping') return send({ type: 'pong' });
        if (event.type === 'viewing') {
          const id = event.conversation_id;
          // Only one of the member's own conversations; anything else clears it.
          viewing = id !== null && (await services.chat.otherMember(profileId, id)) ? id : null;
          if (closed) return;
          if (viewing === null)
            return services.realtime.setViewing(profileId, { socketId, conversationId: null, ttlMs: 0 });
          return renewViewing();
        }
        // typing: only in the member's own conversations, at most once per interval and conversation.
        let known = conversations.get(event.conversation_id);
        if (!known) {
          const other = await services.chat.otherMember(profileId, event.conversation_id);
          if (!other) return;
          known = { other, typingAt: 0 };
          conversations.set(event.conversation_id, known);
        }
        const now = Date.now();
        if (now - known.typingAt < TYPING_SEND_EVERY_MS / 2) return;
        known.typingAt = now;
        await publishToMember(services.realtime, known.other, {
          type: 'typing',
          conversation_id: event.conversation_id,
          profile_id: profileId,
        });
      };

      socket.on('message', (raw: Buffer) => {
        onMessage(raw).catch((err) => request.log.warn({ err }, 'realtime frame failed'));
      });
      socket.on('pong', () => {
        alive = true;
      });

      const renewConnected = () =>
        closed ? Promise.resolve() : services.realtime.setConnected(profileId, socketId, CONNECTED_TTL_MS);
      const heartbeat = setInterval(() => {
        void renewViewing();
        void renewConnected();
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, REALTIME_HEARTBEAT_MS);
      const sessionCheck = setInterval(() => {
        services.accounts
          .userForSession(cookie, cdnPrefix)
          .then((current) => {
            if (!current || current.profile.id !== profileId) socket.close(CLOSE_SESSION_ENDED);
          })
          .catch(() => undefined);
      }, SESSION_RECHECK_MS);
      heartbeat.unref();
      sessionCheck.unref();

      const unsubscribes: (() => Promise<void>)[] = [];
      const unsubscribeAll = () => {
        for (const off of unsubscribes.splice(0)) void off().catch(() => undefined);
      };
      socket.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribeAll();
        if (viewing !== null)
          void services.realtime.setViewing(profileId, { socketId, conversationId: null, ttlMs: 0 });
        void services.realtime.setConnected(profileId, socketId, 0);
      });

      try {
        // The session channel first: once it listens, a logout anywhere closes this socket before any later event.
        unsubscribes.push(
          await services.realtime.subscribe(sessionsChannel(user.id), (event) => {
            if (endsSession(event, sessionId)) socket.close(CLOSE_SESSION_ENDED);
          }),
        );
        unsubscribes.push(
          await services.realtime.subscribe(memberChannel(profileId), (event) => send(event as TServerEvent)),
        );
        // After a Redis outage, in which events may have been lost, the client resyncs again (the same hello).
        const offResync = services.realtime.onResync(() => send({ type: 'hello' }));
        unsubscribes.push(async () => offResync());
        if (closed) return unsubscribeAll();
        // A session that ended between the upgrade's check and the subscription above would not be heard of.
        const current = await services.accounts.userForSession(cookie, cdnPrefix);
        if (!current || current.id !== user.id) {
          socket.close(CLOSE_SESSION_ENDED);
          return;
        }
        // Presence (the conversation list's "Online now") once the socket is known to be the member's.
        await renewConnected();
        // Subscribed: from here on nothing is missed, so the client resyncs once now.
        send({ type: 'hello' });
      } catch (err) {
        request.log.error({ err }, 'realtime subscribe failed');
        socket.close(1011);
      }
    },
  );
}
