import { sessionsApi, type TSession } from '#common/wire/sessions.ts';
import { api } from '#web/lib/api.ts';

/** The member's active sessions, most recently used first. */
export async function fetchSessions(): Promise<TSession[]> {
  return (await api.call(sessionsApi.list)).sessions;
}

/** Logs one session out; resolves with the sessions left (none when it was this device's). */
export async function endSession(id: string): Promise<TSession[]> {
  return (await api.call(sessionsApi.end, { id })).sessions;
}

/** Logs out every session but this one; resolves with the sessions left. */
export async function endOtherSessions(): Promise<TSession[]> {
  return (await api.call(sessionsApi.end, { others: '1' })).sessions;
}
