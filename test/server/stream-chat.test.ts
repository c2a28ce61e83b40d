import { decodeJwt, jwtVerify } from 'jose';
import type { Socket } from 'socket.io-client';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as sendRoute } from '@/app/api/v1/support/messages/route';
import { config } from '@/lib/config';
import { closeDb } from '@/lib/server/db';
import { call, request } from './helpers/api';
import { activePlayer } from './helpers/players';
import { connectSocket, startSocketServer, until } from './helpers/sockets';

// GetStream's mode: getStreamToken becomes a Stream Chat user token, verified here with the
// secret as Stream's servers would; the platform socket keeps working with the socketToken.
const SECRET = 'stream-secret-for-the-tests-0123456789';
const mutable = config as Record<string, unknown>;
let sockets: Awaited<ReturnType<typeof startSocketServer>>;
const open: Socket[] = [];

beforeAll(async () => {
  sockets = await startSocketServer();
});
afterEach(() => {
  mutable.STREAM_API_KEY = undefined;
  mutable.STREAM_API_SECRET = undefined;
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await sockets.close();
  await closeDb();
});

type Tokens = { token: string; getStreamToken: string; socketToken?: string };
const signIn = (email: string) =>
  call<Tokens>(login, request('POST', '/auth/login', { body: { email, password: 'secret123' } }));

it('without Stream, the stream token is the platform socket’s own', async () => {
  await activePlayer('plain-stream@example.com');
  const { data } = await signIn('plain-stream@example.com');
  expect(data!.socketToken).toBe(data!.getStreamToken);
  open.push(await connectSocket(sockets.port, data!.getStreamToken));
});

it('with Stream, getStreamToken is a Stream Chat user token; the socket takes the socketToken', async () => {
  await activePlayer('stream-chat@example.com');
  mutable.STREAM_API_KEY = 'stream-key';
  mutable.STREAM_API_SECRET = SECRET;
  const { data } = await signIn('stream-chat@example.com');
  const playerId = decodeJwt(data!.token).sub;

  const { payload, protectedHeader } = await jwtVerify(
    data!.getStreamToken,
    new TextEncoder().encode(SECRET),
  );
  expect(protectedHeader.alg).toBe('HS256');
  expect(payload.user_id).toBe(playerId);
  await expect(
    jwtVerify(data!.getStreamToken, new TextEncoder().encode('another-secret-0123456789')),
  ).rejects.toThrow();

  // Stream's token opens nothing on the platform; the socket token does, and hears support.
  await expect(connectSocket(sockets.port, data!.getStreamToken)).rejects.toThrow('unauthorized');
  const socket = await connectSocket(sockets.port, data!.socketToken);
  open.push(socket);
  const heard: unknown[] = [];
  socket.on('support:message', (e) => heard.push(e));
  await call(
    sendRoute,
    request('POST', '/support/messages', { token: data!.token, body: { text: 'hi' } }),
  );
  await until(() => heard.length === 1);
});
