import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_SESSION_ENDED } from '#common/realtime.ts';
import { onSessionEnded, startRealtime, stopRealtime } from './realtime.ts';

/** A WebSocket stand-in: records each socket so the test can play the server's close. */
class FakeSocket {
  static made: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: unknown = null;
  onopen: unknown = null;
  constructor() {
    FakeSocket.made.push(this);
  }
  close() {
    this.readyState = 3;
  }
  send() {}
}

function stubBrowser() {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { href: 'http://localhost:3217/members' } });
  vi.stubGlobal('document', { documentElement: { dataset: {} } });
}

afterEach(() => {
  stopRealtime();
  vi.unstubAllGlobals();
});

describe('the session ended on the server (socket closed with 4401)', () => {
  it('is reported when the server closes the live socket: logged out in another tab', () => {
    stubBrowser();
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    startRealtime();
    FakeSocket.made[0].onclose?.({ code: CLOSE_SESSION_ENDED });
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('is not reported for a socket this tab closed itself before ending the session (logout here)', () => {
    stubBrowser();
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    startRealtime();
    stopRealtime();
    // The server's close frame may still carry 4401 when the logout request overtook the closing handshake.
    FakeSocket.made[0].onclose?.({ code: CLOSE_SESSION_ENDED });
    expect(ended).not.toHaveBeenCalled();
    unsubscribe();
  });
});
