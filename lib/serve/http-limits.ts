import type { ServerOptions } from 'node:http';

/**
 * Node's own limits on a connection, chosen rather than inherited (docs/security.md, "Hostile
 * clients"). A visitor that is slow on purpose costs the server a socket for seconds, not minutes.
 */
export const HTTP_LIMITS = {
  /** Whole header block within 10 s: a slowloris sending a byte a second is cut (Node: 60 s). */
  headersTimeout: 10_000,
  /** Whole request, body included, within 60 s: the largest upload (10 MB) at ~1.5 Mbit/s (Node: 300 s). */
  requestTimeout: 60_000,
  /**
   * An idle keep-alive connection is closed after 65 s, longer than the usual balancer idle
   * timeout (60 s), so a balancer never reuses a connection this server is closing (Node: 5 s).
   */
  keepAliveTimeout: 65_000,
  /** 16 KiB of headers: a long cookie line fits, a header flood does not (Node's default, on purpose). */
  maxHeaderSize: 16 * 1024,
  /** How often the two timeouts above are checked (Node: 30 s, which lets a slowloris stay 40 s). */
  connectionsCheckingInterval: 1_000,
  /**
   * Connections the kernel completes before the server accepts them (Node: 511; Linux caps it at
   * net.core.somaxconn, 4096 by default). A full queue drops new attempts, and a dropped attempt
   * is retried only after a second or more: under a connection flood that failed pages' own API
   * calls to this port after 10 s.
   */
  backlog: 4_096,
} as const;

export const httpServerOptions: ServerOptions = {
  maxHeaderSize: HTTP_LIMITS.maxHeaderSize,
  headersTimeout: HTTP_LIMITS.headersTimeout,
  requestTimeout: HTTP_LIMITS.requestTimeout,
  keepAliveTimeout: HTTP_LIMITS.keepAliveTimeout,
  connectionsCheckingInterval: HTTP_LIMITS.connectionsCheckingInterval,
};

/** socket.io's limits, chosen the same way (docs/security.md, "Hostile clients"). */
export const SOCKET_LIMITS = {
  /** A connection that has not joined a namespace after 10 s is closed (socket.io: 45 s). */
  connectTimeout: 10_000,
  /** The largest message a client may send: 64 KiB (socket.io: 1 MB); players send a few bytes. */
  maxHttpBufferSize: 64 * 1024,
} as const;
