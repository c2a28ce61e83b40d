import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import nacl from 'tweetnacl';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { POST as metamaskMessage } from '@/app/api/v1/auth/metamask/message/route';
import { POST as metamaskVerify } from '@/app/api/v1/auth/metamask/verify/route';
import { POST as phantomMessage } from '@/app/api/v1/auth/phantom/message/route';
import { POST as phantomVerify } from '@/app/api/v1/auth/phantom/verify/route';
import { POST as walletConnectVerify } from '@/app/api/v1/auth/walletconnect/verify/route';
import { POST as walletConnectMessage } from '@/app/api/v1/auth/walletconnect/message/route';
import { GET as profile } from '@/app/api/v1/users/profile/route';
import { closeDb, getDb } from '@/lib/server/db';
import { authNonces, users } from '@/lib/server/db/schema';
import { call, freshIp, request } from './helpers/api';

afterAll(() => closeDb());

async function evmMessage(
  address: string,
  extra: Record<string, unknown> = {},
  handler = metamaskMessage,
) {
  const answer = await call(
    handler,
    request('POST', '/auth/metamask/message', {
      body: { publicAddress: address, ...extra },
      ip: freshIp(),
    }),
  );
  return answer;
}

describe('Metamask / WalletConnect (EIP-4361)', () => {
  it('signs in with a real signature and creates the player once', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const first = await evmMessage(account.address, { promotionCode: 'WALLET1' });
    const messageToSign = (first.data as { messageToSign: string }).messageToSign;
    expect(messageToSign).toContain(
      'localhost:3000 wants you to sign in with your Ethereum account:',
    );
    expect(messageToSign).toContain(account.address);
    expect(messageToSign).toMatch(/Chain ID: 1\nNonce: \w+/);
    const signature = await account.signMessage({ message: messageToSign });
    const body = { publicAddress: account.address, messageToSign, signature };
    const ok = await call(metamaskVerify, request('POST', '/auth/metamask/verify', { body }));
    expect(ok).toMatchObject({ code: 'success', data: { two_factor_enabled: false, email: null } });
    const token = (ok.data as { token: string }).token;
    const prof = await call(profile, request('GET', '/users/profile', { token }));
    expect(prof.data).toMatchObject({ loginType: 'Metamask' });

    // Replay of the same message and signature: the nonce is spent.
    const replay = await call(metamaskVerify, request('POST', '/auth/metamask/verify', { body }));
    expect(replay).toMatchObject({ status: 400, code: 'INVALID_WALLET_MESSAGE' });

    // Signing in again reuses the same player.
    const again = await evmMessage(account.address);
    const m2 = (again.data as { messageToSign: string }).messageToSign;
    await call(
      metamaskVerify,
      request('POST', '/auth/metamask/verify', {
        body: {
          publicAddress: account.address,
          messageToSign: m2,
          signature: await account.signMessage({ message: m2 }),
        },
      }),
    );
    const db = await getDb();
    const rows = await db
      .select()
      .from(users)
      .where(eq(users.evmAddress, account.address.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ promotionCode: 'WALLET1', loginType: 'metamask' });
  });

  it('refuses an expired message, a wrong domain, a tampered message and another key', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const db = await getDb();

    const expired = (await evmMessage(account.address)).data as { messageToSign: string };
    await db
      .update(authNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authNonces.message, expired.messageToSign));
    const late = await call(
      metamaskVerify,
      request('POST', '/auth/metamask/verify', {
        body: {
          publicAddress: account.address,
          messageToSign: expired.messageToSign,
          signature: await account.signMessage({ message: expired.messageToSign }),
        },
      }),
    );
    expect(late.code).toBe('INVALID_WALLET_MESSAGE');

    const fresh = (await evmMessage(account.address)).data as { messageToSign: string };
    const otherDomain = fresh.messageToSign.replace('localhost:3000 wants', 'evil.example wants');
    const wrongDomain = await call(
      metamaskVerify,
      request('POST', '/auth/metamask/verify', {
        body: {
          publicAddress: account.address,
          messageToSign: otherDomain,
          signature: await account.signMessage({ message: otherDomain }),
        },
      }),
    );
    expect(wrongDomain.code).toBe('INVALID_WALLET_MESSAGE');

    const next = (await evmMessage(account.address)).data as { messageToSign: string };
    const tampered = next.messageToSign.replace('Sign in to', 'Send all funds to');
    const tamperedAnswer = await call(
      metamaskVerify,
      request('POST', '/auth/metamask/verify', {
        body: {
          publicAddress: account.address,
          messageToSign: tampered,
          signature: await account.signMessage({ message: tampered }),
        },
      }),
    );
    expect(tamperedAnswer.code).toBe('INVALID_WALLET_MESSAGE');

    const last = (await evmMessage(account.address)).data as { messageToSign: string };
    const forged = await call(
      metamaskVerify,
      request('POST', '/auth/metamask/verify', {
        body: {
          publicAddress: account.address,
          messageToSign: last.messageToSign,
          signature: await other.signMessage({ message: last.messageToSign }),
        },
      }),
    );
    expect(forged).toMatchObject({ status: 401, code: 'INVALID_SIGNATURE' });

    const chain = await evmMessage(account.address, { chainId: 5 });
    expect(chain.code).toBe('INVALID_WALLET_MESSAGE');
    const badAddress = await evmMessage('0x1234');
    expect(badAddress).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(
      await db.select().from(users).where(eq(users.evmAddress, account.address.toLowerCase())),
    ).toHaveLength(0);
  });

  it('WalletConnect uses the same verification and names itself on the profile', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { messageToSign } = (await evmMessage(account.address, {}, walletConnectMessage))
      .data as { messageToSign: string };
    const ok = await call(
      walletConnectVerify,
      request('POST', '/auth/walletconnect/verify', {
        body: {
          publicAddress: account.address,
          messageToSign,
          signature: await account.signMessage({ message: messageToSign }),
        },
      }),
    );
    const prof = await call(
      profile,
      request('GET', '/users/profile', { token: (ok.data as { token: string }).token }),
    );
    expect(prof.data).toMatchObject({ loginType: 'Walletconnect' });
  });
});

describe('Phantom (ed25519)', () => {
  it('signs in with a tweetnacl keypair and refuses a bad signature', async () => {
    const pair = nacl.sign.keyPair();
    const publicKey = bs58.encode(pair.publicKey);
    const step1 = await call(
      phantomMessage,
      request('POST', '/auth/phantom/message', { body: { publicKey }, ip: freshIp() }),
    );
    const messageToSign = (step1.data as { messageToSign: string }).messageToSign;
    expect(messageToSign).toContain(publicKey);

    const stranger = nacl.sign.keyPair();
    const bad = bs58.encode(
      nacl.sign.detached(new TextEncoder().encode(messageToSign), stranger.secretKey),
    );
    const refused = await call(
      phantomVerify,
      request('POST', '/auth/phantom/verify', {
        body: { publicKey, messageToSign, signature: bad },
      }),
    );
    expect(refused).toMatchObject({ status: 401, code: 'INVALID_SIGNATURE' });

    const step1b = await call(
      phantomMessage,
      request('POST', '/auth/phantom/message', { body: { publicKey }, ip: freshIp() }),
    );
    const m2 = (step1b.data as { messageToSign: string }).messageToSign;
    const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(m2), pair.secretKey));
    const ok = await call(
      phantomVerify,
      request('POST', '/auth/phantom/verify', {
        body: { publicKey, messageToSign: m2, signature },
      }),
    );
    expect(ok).toMatchObject({ code: 'success', data: { two_factor_enabled: false } });
    const replay = await call(
      phantomVerify,
      request('POST', '/auth/phantom/verify', {
        body: { publicKey, messageToSign: m2, signature },
      }),
    );
    expect(replay.code).toBe('INVALID_WALLET_MESSAGE');
  });
});
