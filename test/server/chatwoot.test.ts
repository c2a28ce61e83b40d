import { randomUUID } from 'node:crypto';
import { GET as identityRoute } from '@/app/api/v1/support/identity/route';
import { GET as supportProfile } from '@/app/api/v1/users/support-profile/route';
import { config, loadConfig } from '@/lib/config';
import type { ChatwootIdentity } from '@/lib/schemas/support';
import { closeDb, getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { chatwootIdentifierHash } from '@/lib/server/support/chatwoot';
import { post } from '@/lib/server/wallet/ledger';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { call, request } from './helpers/api';
import { activePlayer } from './helpers/players';

// Chatwoot mode: the panel hands the SDK a contact whose identifier_hash only the inbox's secret
// makes. Verified here with WebCrypto, another implementation than the platform's node:crypto.
const SECRET = 'chatwoot-inbox-hmac-secret-0123456789';
const mutable = config as Record<string, unknown>;

function chatwootMode(on: boolean) {
  mutable.SUPPORT_PROVIDER = on ? 'chatwoot' : 'platform';
  mutable.CHATWOOT_BASE_URL = on ? 'https://chat.example.test' : undefined;
  mutable.CHATWOOT_WEBSITE_TOKEN = on ? 'websiteToken123' : undefined;
  mutable.CHATWOOT_HMAC_TOKEN = on ? SECRET : undefined;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return Buffer.from(mac).toString('hex');
}

const identity = (token?: string) =>
  call<ChatwootIdentity>(identityRoute, request('GET', '/support/identity', { token }));

afterEach(() => chatwootMode(false));
afterAll(() => closeDb());

it("is Chatwoot's identity hash: hex HMAC-SHA256 of the identifier with the inbox's secret", () => {
  // The published HMAC-SHA256 example (key "key").
  expect(chatwootIdentifierHash('The quick brown fox jumps over the lazy dog', 'key')).toBe(
    'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
  );
});

it('answers 404 PROVIDER_NOT_CONFIGURED while the platform answers chat itself, and 401 to a guest', async () => {
  const { token } = await activePlayer('chatwoot-off@example.com');
  const off = await identity(token);
  expect(off.status).toBe(404);
  expect(off.code).toBe('PROVIDER_NOT_CONFIGURED');
  expect(off.error!.message).toEqual(expect.any(String));
  chatwootMode(true);
  expect((await identity()).status).toBe(401);
});

it('signs the member as the contact, with memberInfo as custom attributes', async () => {
  const { token } = await activePlayer('chatwoot-contact@example.com');
  const other = await activePlayer('chatwoot-other@example.com');
  const userId = decodeJwt(token).sub!;
  const db = await getDb();
  await db.update(users).set({ avatar: '/api/v1/avatars/abc.webp' }).where(eq(users.id, userId));
  // A deposit the attributes must show (10 USDT).
  await post({
    type: 'deposit',
    scope: 'test-deposit',
    key: randomUUID(),
    userId,
    lines: [
      { account: { house: 'deposits', currency: 'USDT' }, amount: BigInt(-10_000_000) },
      { account: { userId, currency: 'USDT' }, amount: BigInt(10_000_000) },
    ],
  });
  chatwootMode(true);

  const { status, data } = await identity(token);
  expect(status).toBe(200);
  const profile = await call<{ memberInfo: Record<string, unknown> }>(
    supportProfile,
    request('GET', '/users/support-profile', { token }),
  );
  const memberInfo = profile.data!.memberInfo;
  expect(data!.identifier).toBe(memberInfo.memberId);
  expect(data!.identifierHash).toBe(await hmacHex(SECRET, data!.identifier));
  expect(data!.identifierHash).not.toBe(await hmacHex('another-secret', data!.identifier));
  expect(data!.name).toBe(memberInfo.memberUsername);
  expect(data!.email).toBe('chatwoot-contact@example.com');
  expect(data!.avatarUrl).toBe(`${config.SITE_URL}/api/v1/avatars/abc.webp`);
  // Every set field of memberInfo; agentId is null before an agent takes the conversation.
  const { agentId, ...set } = memberInfo;
  expect(agentId).toBeNull();
  expect(data!.customAttributes).toEqual(set);
  expect(data!.customAttributes.totalDepositAmount).toBe('10.00');

  // Another member's contact is signed for them alone.
  const theirs = await identity(other.token);
  expect(theirs.data!.identifier).not.toBe(data!.identifier);
  expect(theirs.data!.identifierHash).toBe(await hmacHex(SECRET, theirs.data!.identifier));
});

it('refuses to start in Chatwoot mode without the inbox, its token and its secret', () => {
  const env = { NODE_ENV: 'test', SUPPORT_PROVIDER: 'chatwoot' };
  expect(() => loadConfig(env)).toThrow(/CHATWOOT_HMAC_TOKEN: required/);
  expect(() =>
    loadConfig({
      ...env,
      CHATWOOT_BASE_URL: 'https://chat.example.test',
      CHATWOOT_WEBSITE_TOKEN: 'websiteToken123',
    }),
  ).toThrow(/required with SUPPORT_PROVIDER=chatwoot/);
  expect(
    loadConfig({
      ...env,
      CHATWOOT_BASE_URL: 'https://chat.example.test',
      CHATWOOT_WEBSITE_TOKEN: 'websiteToken123',
      CHATWOOT_HMAC_TOKEN: SECRET,
    }).SUPPORT_PROVIDER,
  ).toBe('chatwoot');
});
