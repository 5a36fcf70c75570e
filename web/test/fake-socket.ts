// A fake live-push socket for component tests (app/account/live-push.ts): the test
// plays the server, emitting events and connection changes; nothing touches the network.
import { setSocketFactory, type LiveSocket } from '../app/account/live-push';

// A test that makes the socket's code fail replaces the factory itself.
export { setSocketFactory };

type Listener = (...args: unknown[]) => void;

export interface FakeSocket extends LiveSocket {
  auth: { token: string };
  connected: boolean;
  disconnected: boolean;
  /** Plays an event from the server (or a connection event: connect, connect_error, disconnect). */
  serverEmit: (event: string, ...args: unknown[]) => void;
}

export interface FakeSockets {
  /** Sockets made so far, oldest first. */
  all: FakeSocket[];
  latest: () => FakeSocket | undefined;
}

export function installFakeSocket(): FakeSockets {
  const all: FakeSocket[] = [];
  setSocketFactory(({ auth }) => {
    const listeners = new Map<string, Listener[]>();
    const socket: FakeSocket = {
      auth,
      connected: false,
      disconnected: false,
      on(event, listener) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener as Listener]);
        return socket;
      },
      connect() {
        socket.disconnected = false;
        return socket;
      },
      disconnect() {
        socket.connected = false;
        socket.disconnected = true;
        return socket;
      },
      serverEmit(event, ...args) {
        if (event === 'connect') socket.connected = true;
        for (const listener of listeners.get(event) ?? []) listener(...args);
      },
    };
    all.push(socket);
    return socket;
  });
  return { all, latest: () => all.at(-1) };
}
