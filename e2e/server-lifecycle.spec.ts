import { expect, test } from './fixtures';
import { io } from 'socket.io-client';
import { startOwnServer } from './own-server';

test('the server shuts down gracefully on SIGTERM, closing its sockets', async () => {
  test.setTimeout(90_000);
  // stdout is piped: its lines wait in the stream until read, so none is lost before the listener.
  const { server, origin } = await startOwnServer({
    port: 3150 + test.info().workerIndex,
    env: { LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 60_000,
  });
  let output = '';
  server.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));

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
  // The log says which step of the shutdown waited, when it did not end in time.
  expect(await exited, output).toBe(0);
  expect(output).toContain('"msg":"shutting down"');
  await expect(fetch(`${origin}/api/v1/health`)).rejects.toThrow();
});
