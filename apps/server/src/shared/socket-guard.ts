/**
 * Socket hygiene, one mechanism for every listener (issue 31 item 3, docs/security.md "Device input gate"): the HTTP
 * server (API, web, WebSocket upgrades, so OCPP too) and the embedded MQTT broker's TCP port. Each accepted
 * socket is
 * - refused at once past `maxPerAddress` open sockets from its remote address (open files are the
 *   process's; one address must not take them all);
 * - closed when its first request (HTTP) or its first bytes (MQTT) have not arrived within `firstMs`: a
 *   socket that sends nothing, or headers that never end, holds nothing for long;
 * - closed after `idleMs` without a byte either way (half-open: the peer is gone without a FIN). Live
 *   links are never idle that long: OCPP is pinged every 30 s, MQTT devices send within their keepalive.
 * One live socket per device identity is the protocols' part: aedes takes a client id over, the central
 * system closes a charger's old connection when it connects again.
 */
import type { Server, Socket } from 'node:net';

/** The limits of guardSockets (ms and sockets). */
export interface SocketLimits {
  /** Time for a socket's first request (HTTP: its headers complete) or first bytes (other protocols). */
  firstMs: number;
  /** Longest a socket may stay without traffic. */
  idleMs: number;
  /** Open sockets from one remote address at most. */
  maxPerAddress: number;
}

/** What a guard has done since start. */
export interface SocketGuardStats {
  /** Sockets refused for their address's cap. */
  refusedPerAddress: number;
  /** Sockets closed for no first request in time. */
  slowFirst: number;
  /** Sockets closed for being idle. */
  idle: number;
}

/**
 * Guards every socket `server` accepts from now on. `firstRequest` is the server's event that marks a
 * socket's first complete request ('request' and 'upgrade' of an HTTP server); without it the first data
 * does. @returns its counters.
 */
export function guardSockets(server: Server, limits: SocketLimits, http = false): () => SocketGuardStats {
  const stats: SocketGuardStats = { refusedPerAddress: 0, slowFirst: 0, idle: 0 };
  const open = new Map<string, number>();
  const waiting = new WeakMap<Socket, NodeJS.Timeout>();
  const started = (socket: Socket) => {
    const timer = waiting.get(socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    waiting.delete(socket);
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const n = open.get(address) ?? 0;
    if (n >= limits.maxPerAddress) {
      stats.refusedPerAddress += 1;
      socket.destroy();
      return;
    }
    open.set(address, n + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
      started(socket);
    });
    // Absolute, not reset by traffic: headers trickled a byte at a time still run out of time.
    waiting.set(
      socket,
      setTimeout(() => {
        stats.slowFirst += 1;
        socket.destroy();
      }, limits.firstMs).unref(),
    );
    if (!http) socket.once('data', () => started(socket));
    socket.setTimeout(limits.idleMs, () => {
      stats.idle += 1;
      socket.destroy();
    });
  });
  if (http) {
    server.on('request', (req: { socket: Socket }) => started(req.socket));
    server.on('upgrade', (req: { socket: Socket }) => started(req.socket));
  }
  return () => ({ ...stats });
}
