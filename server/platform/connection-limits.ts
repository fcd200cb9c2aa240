import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';

/** How long a client may take to send a request, and how many connections one address may hold open. */
export interface ConnectionLimits {
  /** Time to receive a request's headers, from the moment the connection or the request began. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** Time a connection may stay silent (no byte either way): one that never sends a request, or an idle keep-alive. */
  idleTimeoutMs: number;
  /** How often Node checks the two timeouts above: a slow client is closed at most this much after its limit. */
  checkIntervalMs: number;
  /** Open connections one address may hold; more are closed as they arrive. 0: no limit. */
  maxConnectionsPerAddress: number;
}

// A visitor's browser sends a display call or a lead (64 KiB at most) in well under a second; 30 s covers a
// poor mobile link. A browser opens at most 6 connections to a host; 128 leaves room for an office behind one
// address.
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 10_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerAddress: 128,
};

/**
 * The Fastify options that bound the time to receive a request (Node's http server checks it and answers 408)
 * and the time a connection may stay silent (closed).
 */
export function requestTimeoutOptions(limits: ConnectionLimits): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

/**
 * Closes, as it arrives, a connection beyond the address's `max` open ones, so that one machine cannot hold
 * every socket the process has.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
