import { expect, test } from './fixtures';
import { spawn } from 'node:child_process';
import { io } from 'socket.io-client';

test('the server shuts down gracefully on SIGTERM, closing its sockets', async () => {
  test.setTimeout(90_000);
  const port = 3150 + test.info().workerIndex;
  const origin = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: origin,
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));

  await expect
    .poll(async () => (await fetch(`${origin}/api/v1/health`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);

  const socket = io(origin, {
    transports: ['websocket'],
    extraHeaders: { origin },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));

  server.kill('SIGTERM');
  expect(await disconnected).toBe('transport close');
  expect(await exited).toBe(0);
  expect(output).toContain('"msg":"shutting down"');
  await expect(fetch(`${origin}/api/v1/health`)).rejects.toThrow();
});
