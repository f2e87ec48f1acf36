import type { TSession, TSessionsResponse } from '../../../common/wire/sessions.ts';
import { api } from '../../lib/api.ts';

/** The member's active sessions, most recently used first. */
export async function fetchSessions(): Promise<TSession[]> {
  return (await api.get<TSessionsResponse>('/api/sessions.php')).sessions;
}

/** Logs one session out; resolves with the sessions left (none when it was this device's). */
export async function endSession(id: string): Promise<TSession[]> {
  return (await api.delete<TSessionsResponse>('/api/sessions.php', { query: { id } })).sessions;
}

/** Logs out every session but this one; resolves with the sessions left. */
export async function endOtherSessions(): Promise<TSession[]> {
  return (await api.delete<TSessionsResponse>('/api/sessions.php', { query: { others: '1' } })).sessions;
}
