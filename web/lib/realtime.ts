import { useSyncExternalStore } from 'react';
import { CLOSE_SESSION_ENDED, REALTIME_PATH, type TClientEvent, type TServerEvent } from '#common/realtime.ts';

/** Reconnect delays: 1 s doubling up to 30 s, with jitter so a restarted server is not hit by every tab at once. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** The client pings this often; a socket that does not answer within the timeout is treated as dead (laptop sleep). */
const PING_EVERY_MS = 25_000;
const PONG_TIMEOUT_MS = 10_000;

type TListener = (event: TServerEvent) => void;

let socket: WebSocket | null = null;
let open = false;
let wanted = false;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let pongTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<TListener>();
const statusListeners = new Set<() => void>();
const sessionEndedListeners = new Set<() => void>();

function setOpen(value: boolean) {
  if (open === value) return;
  open = value;
  // Visible to tests and to anyone debugging in the browser: <html data-realtime="open|closed">.
  document.documentElement.dataset.realtime = value ? 'open' : 'closed';
  for (const l of statusListeners) l();
}

function clearTimers() {
  clearTimeout(retryTimer);
  clearInterval(pingTimer);
  clearTimeout(pongTimer);
}

function scheduleReconnect() {
  if (!wanted) return;
  const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt);
  attempt += 1;
  retryTimer = setTimeout(connect, delay / 2 + Math.random() * (delay / 2));
}

function connect() {
  if (!wanted || socket || typeof WebSocket === 'undefined') return;
  const url = new URL(REALTIME_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url);
  socket = ws;
  ws.onmessage = (message) => {
    let event: TServerEvent;
    try {
      event = JSON.parse(String(message.data)) as TServerEvent;
    } catch {
      return;
    }
    if (event.type === 'pong') {
      clearTimeout(pongTimer);
      return;
    }
    if (event.type === 'hello') {
      attempt = 0;
      setOpen(true);
    }
    for (const l of listeners) l(event);
  };
  ws.onopen = () => {
    pingTimer = setInterval(() => {
      sendRealtime({ type: 'ping' });
      clearTimeout(pongTimer);
      pongTimer = setTimeout(() => ws.close(), PONG_TIMEOUT_MS);
    }, PING_EVERY_MS);
  };
  ws.onclose = (event) => {
    // A socket this tab closed itself (stopRealtime, e.g. before its own logout) says nothing about the session,
    // even when the server's close frame carries 4401 because the logout request overtook the closing handshake.
    const isCurrent = socket === ws;
    if (isCurrent) socket = null;
    clearTimers();
    setOpen(false);
    if (event.code === CLOSE_SESSION_ENDED && isCurrent) {
      // Logged out elsewhere (another tab, a password change, deletion): reconnecting would only be refused.
      wanted = false;
      for (const l of sessionEndedListeners) l();
      return;
    }
    scheduleReconnect();
  };
}

/** Keeps a socket to `/api/ws` while a member is logged in (reconnecting with backoff); stops on logout. */
export function startRealtime(): void {
  if (wanted) return;
  wanted = true;
  attempt = 0;
  connect();
}

/** Closes the socket and stops reconnecting. */
export function stopRealtime(): void {
  wanted = false;
  clearTimers();
  const ws = socket;
  socket = null;
  ws?.close();
  setOpen(false);
}

/** Sends a frame when the socket is open; realtime frames are best effort (typing). */
export function sendRealtime(event: TClientEvent): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(event));
  return true;
}

/** Listens to every event pushed by the server; returns the unsubscribe function. */
export function onRealtime(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens for the server ending this browser's session (socket closed with 4401); returns the unsubscribe function. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** True while the socket is subscribed (after the server's hello). */
export function isRealtimeOpen(): boolean {
  return open;
}

/** Whether realtime delivery is up, for components that fall back to polling. */
export function useRealtimeOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => open,
    () => false,
  );
}
