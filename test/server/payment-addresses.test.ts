import { DELETE as remove } from '@/app/api/v1/wallet/payment-addresses/[id]/route';
import { GET as list, POST as save } from '@/app/api/v1/wallet/payment-addresses/route';
import { PAYMENT_ADDRESSES_MAX } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { call, request } from './helpers/api';

afterAll(() => closeDb());

let n = 0;
async function player() {
  const id = (await createPlayer({ email: `book${(n += 1)}@example.com`, status: 'active' })).id;
  return (await createSession(id)).token;
}
const add = (token: string, body: Record<string, unknown>) =>
  call<{ id: string }>(save, request('POST', '/wallet/payment-addresses', { token, body }));
const evm = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
const entry = (extra: Record<string, unknown> = {}) => ({
  network: 'ethereum',
  currency: 'USDT',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  label: 'My Ledger',
  ...extra,
});

describe('card book', () => {
  it('saves, lists and deletes a player’s own addresses', async () => {
    const token = await player();
    const saved = await add(token, entry());
    expect(saved.status).toBe(200);
    const mine = await call<{ id: string; label: string }[]>(
      list,
      request('GET', '/wallet/payment-addresses', { token }),
    );
    expect(mine.data!.map((a) => a.label)).toEqual(['My Ledger']);
    expect((await add(token, entry())).status).toBe(409);

    // Another player can neither see nor delete it.
    const other = await player();
    const theirs = await call<unknown[]>(
      list,
      request('GET', '/wallet/payment-addresses', { token: other }),
    );
    expect(theirs.data).toEqual([]);
    const params = Promise.resolve({ id: saved.data!.id });
    const stolen = await remove(
      request('DELETE', `/wallet/payment-addresses/${saved.data!.id}`, { token: other }),
      { params },
    );
    expect(stolen.status).toBe(404);
    const gone = await remove(
      request('DELETE', `/wallet/payment-addresses/${saved.data!.id}`, { token }),
      {
        params: Promise.resolve({ id: saved.data!.id }),
      },
    );
    expect(gone.status).toBe(200);
  });

  it("refuses an address that breaks its network's rule, or a currency the network does not carry", async () => {
    const token = await player();
    for (const bad of [
      entry({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }), // checksum
      entry({
        network: 'bitcoin',
        currency: 'BTC',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
      }),
      entry({ network: 'tron', currency: 'USDT', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' }),
      entry({
        network: 'bitcoin',
        currency: 'USDT',
        address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      }),
      entry({ network: 'dogecoin' }),
      entry({ label: '' }),
    ]) {
      const answer = await add(token, bad);
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toBeTruthy();
    }
    const answer = await add(token, entry({ address: 'nope' }));
    expect(answer.error?.message).toContain('The wallet address is not valid');
  });

  it(`keeps at most ${PAYMENT_ADDRESSES_MAX} addresses, even when saves race`, async () => {
    const token = await player();
    const answers = await Promise.all(
      Array.from({ length: PAYMENT_ADDRESSES_MAX + 10 }, (_, i) =>
        add(token, entry({ address: evm(i + 1), label: `a${i}` })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PAYMENT_ADDRESSES_MAX);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });
});
