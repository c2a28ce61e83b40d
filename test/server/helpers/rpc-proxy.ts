import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Call = { jsonrpc: '2.0'; id: number; method: string; params?: unknown[] };
export type ProxyAnswer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
  | { status: number }
  | { lost: number };

/**
 * A JSON-RPC endpoint in front of a real node that lets a test answer some calls itself — what a
 * load-balanced RPC behind a lagging node does (a receipt the chain already has, answered null).
 * `answer` returns `{ result }` or `{ error }` to answer a call as a node would, `{ status }` to fail
 * it as a broken transport does (nothing reaches the node), `{ lost: status }` to pass it to the
 * node and fail the answer (the node acted; the caller never hears), or undefined to pass it on.
 */
export async function startRpcProxy(
  target: string,
  answer: (call: Call) => ProxyAnswer | undefined,
) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body: Call | Call[] = JSON.parse(Buffer.concat(chunks).toString());
    const calls = Array.isArray(body) ? body : [body];
    let failed: number | undefined;
    const answers = await Promise.all(
      calls.map(async (call) => {
        const own = answer(call);
        if (own && 'status' in own) failed = own.status;
        if (own && ('result' in own || 'error' in own))
          return { jsonrpc: '2.0', id: call.id, ...own };
        if (own && 'status' in own) return null;
        const passed = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call),
        });
        if (own && 'lost' in own) failed = own.lost;
        return passed.json();
      }),
    );
    if (failed !== undefined) {
      res.statusCode = failed;
      res.end('upstream unavailable');
      return;
    }
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
