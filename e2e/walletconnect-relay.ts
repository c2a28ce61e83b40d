import { createHash } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';

/** The params of every method the relay answers (each uses some). */
type Params = {
  topic: string;
  topics: string[];
  message: string;
  messages: { topic: string; message: string; tag?: number }[];
  tag?: number;
  attestation?: string;
  pairingTopic: string;
  sessionProposal: string;
  sessionTopic: string;
  sessionProposalResponse: string;
  sessionSettlementRequest: string;
};

type Stored = {
  topic: string;
  message: string;
  tag?: number;
  publishedAt: number;
  attestation?: string;
};

/**
 * A WalletConnect relay for tests: the part of the Relay protocol (irn_* JSON-RPC over a websocket,
 * and the wc_proposeSession / wc_approveSession shortcuts) that two clients need to pair, settle a
 * session and exchange requests. Messages stay end-to-end encrypted by the clients; the relay only
 * routes them by topic and keeps them for late subscribers, as the real one does.
 */
export function startRelay(port: number): Promise<{ close: () => Promise<void> }> {
  const subscribers = new Map<string, Set<WebSocket>>();
  const mailbox: Stored[] = [];
  // Each subscriber gets a message once, as from the real relay.
  const delivered = new WeakMap<WebSocket, Set<Stored>>();
  const subId = (topic: string) => createHash('sha256').update(topic).digest('hex');

  const deliver = (item: Stored, except?: WebSocket) => {
    for (const socket of subscribers.get(item.topic) ?? []) {
      if (socket === except) continue;
      const seen = delivered.get(socket) ?? new Set<Stored>();
      delivered.set(socket, seen);
      if (seen.has(item)) continue;
      seen.add(item);
      socket.send(
        JSON.stringify({
          id: Date.now() * 1000 + Math.floor(Math.random() * 1000),
          jsonrpc: '2.0',
          method: 'irn_subscription',
          params: { id: subId(item.topic), data: item },
        }),
      );
    }
  };
  const publish = (
    socket: WebSocket,
    topic: string,
    message: string,
    tag?: number,
    attestation?: string,
  ) => {
    const item = { topic, message, tag, attestation, publishedAt: Date.now() };
    mailbox.push(item);
    const own = delivered.get(socket) ?? new Set<Stored>();
    own.add(item);
    delivered.set(socket, own);
    deliver(item, socket);
  };
  const subscribe = (socket: WebSocket, topic: string) => {
    const set = subscribers.get(topic) ?? new Set();
    set.add(socket);
    subscribers.set(topic, set);
    for (const item of mailbox.filter((m) => m.topic === topic)) deliver(item, undefined);
    return subId(topic);
  };

  const server = new WebSocketServer({ port, host: '127.0.0.1' });
  let n = 0;
  server.on('connection', (socket) => {
    (socket as unknown as { _n?: number })._n = ++n;
    socket.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { id: number; method?: string; params?: Params };
      if (!msg.method) return; // acknowledgements of irn_subscription
      const p = msg.params ?? ({} as Params);
      if (process.env.WC_RELAY_DEBUG)
        console.log(
          'relay',
          (socket as unknown as { _n?: number })._n,
          msg.method,
          JSON.stringify(p).slice(0, 160),
        );
      let result: unknown = true;
      switch (msg.method) {
        case 'irn_subscribe':
          result = subscribe(socket, p.topic);
          break;
        case 'irn_batchSubscribe':
          result = p.topics.map((t) => subscribe(socket, t));
          break;
        case 'irn_unsubscribe':
        case 'irn_batchUnsubscribe':
          break;
        case 'irn_publish':
          publish(socket, p.topic, p.message, p.tag, p.attestation);
          break;
        case 'irn_batchPublish':
          for (const m of p.messages as { topic: string; message: string; tag?: number }[])
            publish(socket, m.topic, m.message, m.tag);
          break;
        case 'irn_batchFetchMessages': {
          const seen = delivered.get(socket) ?? new Set<Stored>();
          delivered.set(socket, seen);
          const fresh = mailbox.filter((m) => p.topics.includes(m.topic) && !seen.has(m));
          for (const m of fresh) seen.add(m);
          result = { messages: fresh, hasMore: false };
          break;
        }
        // The relay subscribes the sender to the topic the answer will come on, as the real one does.
        case 'wc_proposeSession':
          subscribe(socket, p.pairingTopic);
          publish(socket, p.pairingTopic, p.sessionProposal, 1100);
          break;
        case 'wc_approveSession':
          subscribe(socket, p.sessionTopic);
          publish(socket, p.pairingTopic, p.sessionProposalResponse, 1101);
          publish(socket, p.sessionTopic, p.sessionSettlementRequest, 1102);
          break;
        default:
          socket.send(
            JSON.stringify({
              id: msg.id,
              jsonrpc: '2.0',
              error: { code: -32601, message: 'unknown method' },
            }),
          );
          return;
      }
      socket.send(JSON.stringify({ id: msg.id, jsonrpc: '2.0', result }));
    });
    socket.on('close', () => {
      for (const set of subscribers.values()) set.delete(socket);
    });
  });
  return new Promise((resolve) =>
    server.on('listening', () =>
      resolve({ close: () => new Promise<void>((done) => server.close(() => done())) }),
    ),
  );
}
