import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Call = { jsonrpc: '2.0'; id: number; method: string; params?: unknown[] };

/**
 * A JSON-RPC endpoint in front of a real node that lets a test answer some calls itself — what a
 * load-balanced RPC behind a lagging node does (a receipt the chain already has, answered null).
 * `answer` returns `{ result }` to answer a call, undefined to pass it to the node.
 */
export async function startRpcProxy(
  target: string,
  answer: (call: Call) => { result: unknown } | undefined,
) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body: Call | Call[] = JSON.parse(Buffer.concat(chunks).toString());
    const calls = Array.isArray(body) ? body : [body];
    const answers = await Promise.all(
      calls.map(async (call) => {
        const own = answer(call);
        if (own) return { jsonrpc: '2.0', id: call.id, result: own.result };
        const passed = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call),
        });
        return passed.json();
      }),
    );
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
