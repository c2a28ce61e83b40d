import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server.ts on the production build (`next build` first: `npm test` builds before Jest),
 * on an in-memory database. Resolves once /api/v1/health answers.
 */
export async function startRealServer(env: Record<string, string>): Promise<{
  origin: string;
  port: number;
  child: ChildProcess;
  /** What the server wrote to stderr (renders that throw log there): shown if it fails to start. */
  logs: () => string;
  stop: () => Promise<void>;
}> {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('These tests serve the production build: run `npx next build` first.');
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Jest's --experimental-vm-modules is no flag for the server.
  const inherited = { ...process.env };
  delete inherited.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: origin,
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'error',
      JOB_WORKERS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let logs = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    logs = (logs + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server.ts exited with ${child.exitCode}:\n${logs}`);
    }
    const status = await fetch(`${origin}/api/v1/health`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`server.ts did not answer within 90 s:\n${logs}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { origin, port, child, logs: () => logs, stop };
}

/**
 * A visitor over a raw socket who hangs up at a chosen moment: after `ms`, once the answer's
 * headers arrived, or after `bytes` of the answer. Resolves with what it had received.
 */
export function leaveEarly(
  port: number,
  pathname: string,
  when: { ms: number } | { afterHeaders: true } | { bytes: number },
): Promise<string> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: gzip\r\n\r\n`,
      );
      if ('ms' in when) setTimeout(() => socket.destroy(), when.ms);
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headerEnd = received.indexOf('\r\n\r\n');
      if ('afterHeaders' in when && headerEnd >= 0) socket.destroy();
      if ('bytes' in when && headerEnd >= 0 && received.length - headerEnd - 4 >= when.bytes) {
        socket.destroy();
      }
    });
    socket.on('close', () => resolve(received.toString('latin1')));
    socket.on('error', () => undefined);
  });
}

/**
 * The platform API as the site sees it through API_BASE_URL, forwarded to the real server, with a
 * delay or a failure ordered per path: how a test makes a real render slow or make it throw.
 */
export function apiStandIn(): {
  server: Server;
  url: () => string;
  target: { origin: string };
  delay: Map<string, number>;
  fail: Set<string>;
  hits: Map<string, number>;
} {
  const target = { origin: '' };
  const delay = new Map<string, number>();
  const fail = new Set<string>();
  const hits = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const wait = delay.get(pathname);
    if (wait) await new Promise((r) => setTimeout(r, wait));
    if (fail.has(pathname)) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'INTERNAL_ERROR', error: { message: 'stand-in failure' } }));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') {
        headers[name] = value;
      }
    }
    const answer = await fetch(target.origin + (req.url ?? '/'), { headers });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
    res.end(body);
  });
  return {
    server,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    target,
    delay,
    fail,
    hits,
  };
}
