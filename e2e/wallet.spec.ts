import type { Page } from '@playwright/test';
import { PublicKey, SystemInstruction, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { generate } from 'otplib';
import { getAddress, hexToBigInt, parseUnits, type Address, type Hex } from 'viem';
import nacl from 'tweetnacl';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { E2E_CUSTODIAN, E2E_OPERATOR_TOKEN } from '../playwright.config';
import { contracts, localChain } from '../scripts/chain/node';
import { signedIn } from './auth-helpers';
import { chain, CHAIN_RPC, depositUsdt, sender, USDT } from './chain-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, pickOption } from './helpers';
import { phoneWallet } from './phone-wallet';

/** The header's balance button; an open wallet hides the page behind it from the accessibility tree. */
const headerBalance = (page: Page, amount: RegExp) =>
  page.getByRole('button', { name: amount, includeHidden: true });

/** The player's available balance in a currency, as the API answers it (a decimal string). */
async function walletBalance(page: Page, token: string, currency: string): Promise<string> {
  const answer = await page.request.get('/api/v1/wallet/balances', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { data } = (await answer.json()) as { data: Array<{ currency: string; amount: string }> };
  return data.find((b) => b.currency === currency)?.amount ?? '';
}

/**
 * The wallet's deposit tab on `currency`, its pay-from-your-wallet panel open with `amount` filled
 * in; with the deposit address shown above it.
 */
async function payPanel(page: Page, currency: string, amount: string) {
  await page.goto('/?modal=wallet&tab=deposit');
  const dialog = page.getByRole('dialog', { name: 'Wallet' });
  await pickOption(page, dialog.getByRole('combobox', { name: 'Currency' }), currency);
  const address = (await dialog.getByTestId('deposit-address').textContent())!.trim();
  await dialog.getByRole('button', { name: 'Pay from your wallet' }).click();
  const pay = dialog.getByRole('region', { name: 'Pay from your wallet' });
  await pay.getByRole('textbox', { name: `Amount to send (${currency})` }).fill(amount);
  return { dialog, pay, address };
}

test.describe('wallet', () => {
  test('deposit: the address with its QR code; a deposit on chain shows pending, then credits the header live @phone', async ({
    page,
  }, testInfo) => {
    await signedIn(page, 'deposit');
    await page.goto('/?modal=wallet&tab=deposit');
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await expect(wallet.getByRole('tab', { name: 'Deposit', selected: true })).toBeVisible();
    // The navbar currency (USDT) on the one watched network.
    await expect(wallet.getByRole('combobox', { name: 'Currency' })).toHaveText('USDT');
    await expect(wallet.getByRole('combobox', { name: 'Network' })).toHaveText(
      'Local test chain (not Ethereum mainnet)',
    );
    await expect(
      wallet.getByRole('img', {
        name: 'QR code of your USDT deposit address on Local test chain (not Ethereum mainnet)',
      }),
    ).toBeVisible();
    const address = getAddress((await wallet.getByTestId('deposit-address').textContent())!.trim());
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect(wallet.getByText('Minimum deposit: 1 USDT.', { exact: false })).toBeVisible();
    await expect(wallet.getByText('Credited after 3 confirmations.')).toBeVisible();
    await expect(wallet.getByTestId('network-warning')).toContainText(
      'Send only USDT on Local test chain (not Ethereum mainnet)',
    );
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await wallet.getByRole('button', { name: 'Copy address' }).click();
    await expect(wallet.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expectAccessible(page, 'wallet deposit tab');

    // 25 USDT from a wallet on the chain: one block, one confirmation.
    await sender(testInfo.project.name === 'phone' ? 3 : 2).writeContract({
      address: USDT,
      abi: contracts.TestToken.abi,
      functionName: 'mint',
      args: [address, parseUnits('25', 6)],
    });
    const pending = wallet.getByTestId('pending-deposit');
    await expect(pending).toContainText('25.00 USDT');
    await expect(pending).toContainText(/[12]\/3 confirmations/);
    await chain.mine({ blocks: 3 });
    // Credited: the header's balance changes without a reload, and the pending row is gone.
    await expect(headerBalance(page, /^Balance 25\.00 USDT/)).toBeVisible({
      timeout: 20_000,
    });
    await expect(pending).toHaveCount(0);
  });

  test('withdraw with 2FA: review, confirm, pending with its hold, then cancelled and released', async ({
    page,
  }) => {
    const tokens = await signedIn(page, 'withdraw');
    const auth = { Authorization: `Bearer ${tokens.token}` };
    await depositUsdt(page, auth, '100', 4);
    const { data: setup } = await (
      await page.request.post('/api/v1/auth/2fa/setup', {
        headers: auth,
        data: { password: 'secret123' },
      })
    ).json();
    const enabled = await page.request.post('/api/v1/auth/2fa/enable', {
      headers: auth,
      data: { code: await generate({ secret: setup.secret }), password: 'secret123' },
    });
    expect(enabled.status()).toBe(200);

    await page.goto('/?modal=wallet&tab=withdraw');
    await expect(headerBalance(page, /^Balance 100\.00 USDT/)).toBeVisible({
      timeout: 20_000,
    });
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await expect(wallet.getByRole('tab', { name: 'Withdraw', selected: true })).toBeVisible();
    await wallet.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(wallet.getByText('The wallet address is not valid')).toBeVisible();
    await expect(wallet.getByText('Enter the 6-digit code')).toBeVisible();

    await wallet
      .getByRole('textbox', { name: 'Address on Local test chain (not Ethereum mainnet)' })
      .fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await wallet.getByRole('textbox', { name: 'Amount (USDT)' }).fill('200');
    await expect(wallet.getByText('The amount and fee are more than your balance')).toBeVisible();
    await wallet.getByRole('button', { name: 'Max' }).click();
    await expect(wallet.getByRole('textbox', { name: 'Amount (USDT)' })).toHaveValue('99.000000');
    await wallet.getByRole('textbox', { name: 'Amount (USDT)' }).fill('40');
    await expect(wallet.getByTestId('withdraw-receive')).toHaveText('You receive: 40.00 USDT');
    // The next time step: the code that turned 2FA on is never taken twice.
    await wallet
      .getByRole('textbox', { name: '2FA code' })
      .fill(await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await wallet.getByRole('button', { name: 'Review withdrawal' }).click();

    await expect(wallet.getByText('Taken from your balance: 41.00 USDT')).toBeVisible();
    await expectAccessible(page, 'withdraw confirmation');
    await wallet.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(
      wallet.getByRole('alert').filter({ hasText: 'Withdrawal of 40.00 USDT' }),
    ).toContainText('Status: Pending');
    // Held while pending: the header shows what is left.
    await expect(headerBalance(page, /^Balance 59\.00 USDT/)).toBeVisible();
    const row = wallet.getByTestId('withdrawal-row').first();
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('Cancelled');
    await expect(headerBalance(page, /^Balance 100\.00 USDT/)).toBeVisible();
  });

  test('a withdrawal the operator approves is paid on chain, and the player sees it paid', async ({
    page,
  }) => {
    const tokens = await signedIn(page, 'payout');
    const auth = { Authorization: `Bearer ${tokens.token}` };
    await depositUsdt(page, auth, '100', 5);

    await page.goto('/?modal=wallet&tab=withdraw');
    await expect(headerBalance(page, /^Balance 100\.00 USDT/)).toBeVisible({ timeout: 20_000 });
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    await wallet
      .getByRole('textbox', { name: 'Address on Local test chain (not Ethereum mainnet)' })
      .fill(recipient);
    await wallet.getByRole('textbox', { name: 'Amount (USDT)' }).fill('30');
    await wallet.getByRole('button', { name: 'Review withdrawal' }).click();
    await wallet.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const row = wallet.getByTestId('withdrawal-row').first();
    await expect(row).toContainText('Pending');

    // The payments team approves it through the operator API; the hot wallet pays it out.
    const { data: queue } = await (
      await page.request.get('/api/v1/operator/withdrawals?status=pending', {
        headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
      })
    ).json();
    const mine = (queue as Array<{ id: string; address: string }>).find(
      (w) => w.address === recipient,
    )!;
    const approved = await page.request.post(`/api/v1/operator/withdrawals/${mine.id}/approve`, {
      headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    });
    expect(approved.status()).toBe(200);
    const balanceOf = () =>
      chain.readContract({
        address: USDT,
        abi: contracts.TestToken.abi,
        functionName: 'balanceOf',
        args: [recipient],
      });
    await expect.poll(balanceOf, { timeout: 20_000 }).toBe(parseUnits('30', 6));
    await chain.mine({ blocks: 2 });
    await expect(row).toContainText('Paid', { timeout: 20_000 });
    await expect(headerBalance(page, /^Balance 69\.00 USDT/)).toBeVisible();
  });
});

test.describe('wallet account pages', () => {
  test('transactions: filter by type, currency and dates, explorer links, CSV download', async ({
    page,
  }) => {
    const tokens = await signedIn(page, 'history');
    const auth = { Authorization: `Bearer ${tokens.token}` };
    const { data: deposit } = await (
      await page.request.get('/api/v1/wallet/deposit-address?currency=ETH&network=ethereum', {
        headers: auth,
      })
    ).json();
    const wallet = sender(6);
    await wallet.writeContract({
      address: USDT,
      abi: contracts.TestToken.abi,
      functionName: 'mint',
      args: [deposit.address, parseUnits('20', 6)],
    });
    await wallet.sendTransaction({ to: deposit.address, value: parseUnits('0.05', 18) });
    await chain.mine({ blocks: 3 });
    await expect
      .poll(
        async () =>
          (
            await (await page.request.get('/api/v1/wallet/deposits', { headers: auth })).json()
          ).data.filter((d: { status: string }) => d.status === 'credited').length,
        { timeout: 20_000 },
      )
      .toBe(2);
    const held = await page.request.post('/api/v1/wallet/withdrawals', {
      headers: auth,
      data: {
        currency: 'USDT',
        network: 'ethereum',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        amount: '10',
        idempotencyKey: 'history-withdrawal',
      },
    });
    expect(held.status()).toBe(200);

    await page.goto('/account-management/transactions');
    const table = page.getByRole('table', { name: 'Your transactions' });
    const rows = table.getByTestId('transaction-row');
    // The withdrawal is one row (its hold is not listed apart), with its fee.
    await expect(rows).toHaveCount(3);
    const withdrawal = rows.filter({ hasText: 'Withdrawal' });
    await expect(withdrawal).toContainText('Pending');
    await expect(withdrawal).toContainText('-10.00 USDT');
    await expect(withdrawal.getByTestId('transaction-fee')).toHaveText('1.00 USDT');
    // The chain here is a local node: no public explorer has its transactions, so no link, the hash.
    const eth = rows.filter({ hasText: 'ETH' });
    await expect(eth.getByRole('link')).toHaveCount(0);
    await expect(eth).toContainText(/0x[0-9a-f]{8}…/);
    await expectAccessible(page, 'transactions page');

    const filters = page.getByRole('form', { name: 'Filter transactions' });
    await pickOption(page, filters.getByRole('combobox', { name: 'Type' }), 'Deposit', {
      exact: true,
    });
    await expect(rows).toHaveCount(2);
    await pickOption(page, filters.getByRole('combobox', { name: 'Currency' }), 'USDT');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('+20.00 USDT');
    await expect(rows.first()).toContainText('Completed');

    const download = page.waitForEvent('download');
    await filters.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = (await import('node:fs')).readFileSync(file, 'utf8').trim().split('\r\n');
    expect(csv[0]).toBe(
      'date,type,subtype,round,currency,amount,fee,held,stake,bonus,receivable,status,network,txHash',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(
      /,deposit,,,USDT,20\.000000,,0\.000000,0\.000000,0\.000000,0\.000000,completed,ethereum,0x[0-9a-f]{64}$/,
    );

    // A day after today: nothing.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await filters.getByLabel('From').fill(tomorrow);
    await expect(rows).toHaveCount(0);
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  });

  test('payment addresses: a bad address is refused, a labelled one saved and offered, then deleted', async ({
    page,
  }) => {
    await signedIn(page, 'book');
    await page.goto('/account-management/payment-address');
    const form = page.getByRole('form', { name: 'Add an address' });
    await pickOption(page, form.getByRole('combobox', { name: 'Network' }), 'Bitcoin');
    await expect(form.getByRole('combobox', { name: 'Currency' })).toHaveText('BTC');
    await form.getByRole('textbox', { name: 'Address on Bitcoin' }).fill('bc1qnotanaddress');
    await form.getByRole('textbox', { name: 'Label' }).fill('Cold wallet');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(form.getByText('The wallet address is not valid')).toBeVisible();
    await form
      .getByRole('textbox', { name: 'Address on Bitcoin' })
      .fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await form.getByRole('button', { name: 'Save address' }).click();
    const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText('Cold wallet · BTC · Bitcoin');
    await expect(page.getByText('1 of 50 addresses saved')).toBeVisible();
    await expectAccessible(page, 'payment address page');

    await saved.getByRole('button', { name: 'Delete Cold wallet' }).click();
    await expect(saved).toHaveCount(0);
    await expect(page.getByText('No saved addresses yet.')).toBeVisible();
  });
});

test('pay from your wallet: a browser wallet (EIP-1193, a key on the local node) sends the deposit', async ({
  page,
}) => {
  const tokens = await signedIn(page, 'pay');
  // window.ethereum as a browser wallet injects it: signing here with a funded key of the local
  // chain, everything else asked of the node itself.
  const wallet = sender(7);
  await page.exposeFunction('__e2eRpc', async (method: string, params: unknown[]) => {
    const answer = await fetch(CHAIN_RPC, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await answer.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result;
  });
  await page.exposeFunction(
    '__e2eSend',
    async (tx: { to: Address; value?: Hex; data?: Hex; gas?: Hex }) =>
      wallet.sendTransaction({
        to: tx.to,
        value: tx.value ? hexToBigInt(tx.value) : undefined,
        data: tx.data,
        gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
      }),
  );
  await page.addInitScript((address) => {
    // Functions exposed above, as the page sees them.
    const rpc = (method: string, params: unknown[]): Promise<unknown> =>
      Reflect.get(window, '__e2eRpc')(method, params);
    const send = (tx: unknown): Promise<string> => Reflect.get(window, '__e2eSend')(tx);
    Object.defineProperty(window, 'ethereum', {
      value: {
        isMetaMask: true,
        on: () => undefined,
        removeListener: () => undefined,
        request: async ({ method, params = [] }: { method: string; params?: unknown[] }) => {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
          if (method === 'wallet_switchEthereumChain') return null;
          if (method === 'eth_sendTransaction') return send(params[0]);
          return rpc(method, params);
        },
      },
    });
  }, wallet.account.address);

  const { dialog, pay } = await payPanel(page, 'ETH', '0.5');
  await pay.getByRole('button', { name: 'Browser wallet' }).click();
  await expect(pay.getByRole('alert')).toContainText('Sent.');
  await expect(dialog.getByTestId('pending-deposit')).toContainText('0.50 ETH');
  await chain.mine({ blocks: 3 });
  await expect
    .poll(() => walletBalance(page, tokens.token, 'ETH'), { timeout: 20_000 })
    .toBe('0.50000000');
});

test('pay from your wallet: a phone wallet over WalletConnect (a key on the local node) sends the deposit', async ({
  page,
}) => {
  // Two SDK clients pairing over the relay, then the transfer: slow on two shared cores.
  test.setTimeout(120_000);
  const tokens = await signedIn(page, 'paywc');
  const payer = sender(8);
  const phone = await phoneWallet({
    address: payer.account.address,
    chainId: localChain.id,
    methods: ['eth_sendTransaction'],
    answer: async (method, [tx]) => {
      if (method !== 'eth_sendTransaction') throw new Error(`not allowed: ${method}`);
      const { to, value, data } = (tx ?? {}) as { to: Address; value?: Hex; data?: Hex };
      return payer.sendTransaction({ to, value: value ? hexToBigInt(value) : undefined, data });
    },
  });

  const { dialog, pay } = await payPanel(page, 'ETH', '0.25');
  await pay.getByRole('button', { name: 'Phone wallet (WalletConnect)' }).click();
  const qr = pay.getByTestId('walletconnect-qr');
  await expect(qr.getByRole('img')).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page, 'pay from a phone wallet: QR');
  await phone.pair((await qr.getAttribute('data-uri'))!);
  await expect(pay.getByRole('alert')).toContainText('Sent.', { timeout: 30_000 });
  await expect(dialog.getByTestId('pending-deposit')).toContainText('0.25 ETH');
  await chain.mine({ blocks: 3 });
  await expect
    .poll(() => walletBalance(page, tokens.token, 'ETH'), { timeout: 20_000 })
    .toBe('0.25000000');
  await phone.close();
});

test('pay from your wallet: Phantom (a tweetnacl key) signs a SOL transfer to the deposit address; the custodian credits it', async ({
  page,
}) => {
  const tokens = await signedIn(page, 'phantom');
  const key = nacl.sign.keyPair();
  const payer = new PublicKey(key.publicKey);
  const signed: Transaction[] = [];
  // Phantom's provider as the extension injects it: the page hands the transaction to this key.
  await page.exposeFunction('__e2ePhantomSign', (serialized: string) => {
    const tx = Transaction.from(Buffer.from(serialized, 'base64'));
    tx.addSignature(payer, Buffer.from(nacl.sign.detached(tx.serializeMessage(), key.secretKey)));
    expect(tx.verifySignatures()).toBe(true);
    signed.push(tx);
    return bs58.encode(tx.signature!);
  });
  await page.addInitScript((publicKey) => {
    const sign = (serialized: string): Promise<string> =>
      Reflect.get(window, '__e2ePhantomSign')(serialized);
    const solana = {
      isPhantom: true,
      isConnected: false,
      publicKey: null as null | { toBytes: () => Uint8Array },
      async connect() {
        solana.isConnected = true;
        solana.publicKey = { toBytes: () => new Uint8Array(publicKey) };
      },
      async disconnect() {
        solana.isConnected = false;
      },
      on: () => undefined,
      off: () => undefined,
      async signAndSendTransaction(tx: {
        serialize: (o: object) => Uint8Array;
      }): Promise<{ signature: string }> {
        const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
        return { signature: await sign(btoa(String.fromCharCode(...bytes))) };
      },
    };
    Object.assign(window, { isPhantomInstalled: true, phantom: { solana } });
  }, Array.from(key.publicKey));

  const { dialog, pay, address } = await payPanel(page, 'SOL', '0.5');
  await expect(dialog.getByRole('combobox', { name: 'Network' })).toHaveText('Solana (SPL)');
  await pay.getByRole('button', { name: 'Phantom wallet' }).click();
  await expect(pay.getByRole('alert')).toContainText('Sent.');
  await expectAccessible(page, 'pay from Phantom');

  // What Phantom signed: 0.5 SOL from the player's key to their own deposit address.
  expect(signed).toHaveLength(1);
  const [transfer] = signed[0]!.instructions;
  expect(SystemInstruction.decodeTransfer(transfer!)).toEqual({
    fromPubkey: payer,
    toPubkey: new PublicKey(address),
    lamports: BigInt(500_000_000),
  });

  // The custodian sees it arrive and calls the site back: the SOL is credited.
  const settled = await page.request.post(`${E2E_CUSTODIAN.url}/v1/__settle`, {
    headers: { 'x-api-key': E2E_CUSTODIAN.apiKey },
    data: {
      address,
      payment_status: 'finished',
      actually_paid: 0.5,
      payin_hash: bs58.encode(signed[0]!.signature!),
    },
  });
  expect(settled.ok()).toBe(true);
  await expect
    .poll(() => walletBalance(page, tokens.token, 'SOL'), { timeout: 20_000 })
    .toMatch(/^0\.50*$/);
});
