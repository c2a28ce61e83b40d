import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { signUpByEmail, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, pickOption } from './helpers';

/**
 * The demo as a newcomer meets it (issue 35): `npm start` alone, on a fresh data directory, starts
 * the local test chain and prints a demo admin; the player deposits with the test deposit button,
 * withdraws, the demo admin approves in the back office's payments room, the chain pays it; and
 * the demo studio (issue 41) plays its games for real through the seamless wallet.
 */

// One site for the file's tests, in order (not spread over workers, each starting its own); a
// retry starts the file again in one worker, never beside the other test on the same port.
test.describe.configure({ mode: 'serial' });

const PORT = 3146;
const DEMO = `http://localhost:${PORT}`;
test.use({ baseURL: DEMO });

let site: ChildProcess | undefined;
let dataDir: string;
let printed = '';

/** What `npm start` runs, on the build the e2e step made, with a data directory of its own. */
async function startSite() {
  printed = '';
  site = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      SKIP_BUILD: '1',
      DEMO_DATA_DIR: dataDir,
      PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
      UPLOADS_DIR: path.join(dataDir, 'uploads'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  site.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  await expect.poll(() => printed, { timeout: 170_000 }).toContain('TOTP secret:');
}

/** Stops a child and waits for it (the launcher stops its chain and server with it). */
async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'demo-e2e-'));
  await startSite();
});

test.afterAll(async () => {
  await stop(site);
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the launcher printed after `label:` on its line. */
const printedValue = (label: string) =>
  printed.match(new RegExp(`${label}:\\s+(\\S+)`))?.[1] ?? 'missing';

test('npm start alone: a test deposit, a withdrawal the demo admin approves, paid on the local chain', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/?modal=auth&tab=2');
  await signUpByEmail(page, uniqueEmail('demo'));

  await page.goto('/?modal=wallet&tab=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await pickOption(page, wallet.getByRole('combobox', { name: 'Currency' }), 'USDT', {
    exact: true,
  });
  await expect(wallet.getByRole('combobox', { name: 'Network' })).toHaveText(
    'Local test chain (not Ethereum mainnet)',
  );
  await expect(wallet.getByTestId('network-warning')).toContainText(
    'Local test chain (not Ethereum mainnet)',
  );
  await expect(wallet.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectAccessible(page, 'demo deposit tab');
  await wallet.getByRole('button', { name: 'Send a test deposit' }).click();
  await expect(wallet.getByText(/^Sent 500 USDT to your address/)).toBeVisible();
  // Confirmed on the chain's 2 s blocks, then credited: the header follows live.
  await expect(
    page.getByRole('button', { name: /^Balance 500\.00 USDT/, includeHidden: true }),
  ).toBeVisible({ timeout: 60_000 });

  await wallet.getByRole('tab', { name: 'Withdraw' }).click();
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  await wallet
    .getByRole('textbox', { name: 'Address on Local test chain (not Ethereum mainnet)' })
    .fill(recipient);
  await wallet.getByRole('textbox', { name: 'Amount (USDT)' }).fill('100');
  await wallet.getByRole('button', { name: 'Review withdrawal' }).click();
  await wallet.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(wallet.getByTestId('withdrawal-row').first()).toContainText('Pending');

  // The demo admin signs in to the back office with what npm start printed, and approves.
  const office = await (await browser.newContext({ baseURL: DEMO })).newPage();
  await office.goto('/operator/sign-in');
  await office.getByRole('textbox', { name: 'Email' }).fill(printedValue('Email'));
  await office.getByLabel('Password').fill(printedValue('Password'));
  await office
    .getByRole('textbox', { name: 'Authenticator code' })
    .fill(await generate({ secret: printedValue('TOTP secret') }));
  await office.getByRole('button', { name: 'Sign in' }).click();
  await expect(office.getByTestId('staff-name')).toHaveText('Demo admin · Admin');
  // Its overview counts the withdrawal waiting; the payments room approves it from its row.
  const waiting = office.getByTestId('queue-withdrawals');
  await expect(waiting).toContainText('Withdrawals to approve');
  await expectAccessible(office, 'back-office overview');
  await waiting.getByRole('link').click();
  await expect(office).toHaveURL(/\/operator\/payments\?status=pending/);
  const row = office.getByRole('row').filter({ hasText: recipient });
  await expect(row).toContainText('100.000000 USDT');
  await expectAccessible(office, 'payments room');
  await row.getByRole('button', { name: /^Approve 100\.000000 USDT for / }).click();
  await expect(office.getByRole('alert').filter({ hasText: /^Approved: / })).toBeVisible();
  await office.getByRole('tab', { name: 'Approved' }).click();
  await expect(office).toHaveURL(/status=approved/);

  // While the chain pays: the approval is in the audit trail under the demo admin's name…
  const rooms = office.getByRole('navigation', { name: 'Rooms' });
  await rooms.getByRole('link', { name: 'Audit' }).click();
  await office.getByRole('textbox', { name: 'Action starts with' }).fill('withdrawal.');
  await office.getByRole('button', { name: 'Apply' }).click();
  await expect(office).toHaveURL(/action=withdrawal\./);
  await expect(
    office.getByRole('row').filter({ hasText: 'withdrawal.approve' }).first(),
  ).toContainText('Demo admin (Admin)');
  await expectAccessible(office, 'audit room');
  // …and a payments clerk joins from the staff room, their authenticator secret shown once.
  await rooms.getByRole('link', { name: 'Staff' }).click();
  const newStaff = office.getByRole('form', { name: 'New staff account' });
  await newStaff.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('clerk'));
  await newStaff.getByRole('textbox', { name: 'Name' }).fill('Priya');
  await pickOption(office, newStaff.getByRole('combobox', { name: 'Role' }), 'Payments');
  await newStaff.getByLabel('Password').fill('a long clerk password');
  await newStaff.getByRole('button', { name: 'Create' }).click();
  const secret = office.getByRole('dialog', { name: 'Authenticator for Priya' });
  await expect(secret.getByRole('textbox', { name: 'Secret' })).toHaveValue(/^[A-Z2-7]{16,}$/);
  await expectAccessible(office, 'staff room, a new secret');
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(office.getByRole('combobox', { name: 'Role of Priya' })).toHaveText('Payments');

  await page.goto('/account-management/transactions');
  const paid = page
    .getByRole('table', { name: 'Your transactions' })
    .getByTestId('transaction-row')
    .filter({ hasText: 'Withdrawal' });
  // Each look reloads the page: on a busy machine its table takes more than 3 s to come back, and a
  // look that never waits long enough never sees the payout (a full run's screenshot showed it paid).
  await expect(async () => {
    await page.reload();
    await expect(paid).toContainText('Paid', { timeout: 15_000 });
  }).toPass({ timeout: 120_000 });
  await expectAccessible(page, 'transactions after a demo payout');

  // Stopped and checked: the ledger's invariants hold and every mined payout matches its
  // withdrawal on the kept chain, which `npm run ledger:check -- --chain` opens by itself.
  await stop(site);
  const check = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/ledger-check.mts', '--chain'],
    {
      env: {
        ...process.env,
        DEMO_DATA_DIR: dataDir,
        PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
      },
      encoding: 'utf8',
    },
  );
  expect(check.status, check.stdout + check.stderr).toBe(0);
  expect(check.stdout).toContain('chain: the demo chain kept in');
  expect(check.stdout).toContain('ledger: every invariant holds');
  expect(check.stdout).toContain('chain: every mined payout matches one withdrawal');
  // Started again on the same data: the player is where they were.
  await startSite();
  await page.goto('/');
  await expect(
    page.getByRole('button', { name: /^Balance 399\.00 USDT/, includeHidden: true }),
  ).toBeVisible();
});

test('npm start alone: the demo studio plays roulette, a slot and blackjack for real, and a revealed session verifies', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto('/?modal=auth&tab=2');
  await signUpByEmail(page, uniqueEmail('studio'));
  await page.goto('/?modal=wallet&tab=deposit');
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await pickOption(page, wallet.getByRole('combobox', { name: 'Currency' }), 'USDT', {
    exact: true,
  });
  await wallet.getByRole('button', { name: 'Send a test deposit' }).click();
  const balance = (amount: string) =>
    page.getByRole('button', { name: new RegExp(`^Balance ${amount} USDT`), includeHidden: true });
  await expect(balance('500\\.00')).toBeVisible({ timeout: 60_000 });

  // Roulette: the page names the engine and its computed RTP; the frame plays on the ledger.
  await page.goto('/casino/games/european-roulette');
  await expect(page.getByText('Runs on: European roulette (one zero)')).toBeVisible();
  await expect(page.getByText('RTP 97.30%').first()).toBeVisible();
  const roulette = page.frameLocator('iframe[title="European Roulette"]');
  await expect(roulette.getByText(/^500 USDT$/)).toBeVisible();
  await roulette.getByText('Provably fair').click();
  const seed = roulette.getByRole('textbox', { name: 'Client seed' });
  await seed.fill('my own seed');
  await roulette.getByRole('button', { name: 'Use this client seed' }).click();
  await expect(roulette.getByRole('status')).toHaveText(
    'Client seed saved: it applies from the next round.',
  );
  await roulette.getByRole('button', { name: 'Bet on Red' }).click();
  await roulette.getByRole('button', { name: 'Spin' }).click();
  await expect(roulette.getByRole('status')).toContainText('The ball lands on');
  // A unit on red wins one or loses it: the header follows the wallet's answer live.
  await expect(balance('(499|501)\\.00')).toBeVisible();
  await expectAccessible(page, 'studio roulette in its frame');

  // Its session ends, the seed is revealed, and the history recomputes the round from it.
  await roulette
    .getByRole('button', { name: 'End the session and reveal the server seed' })
    .click();
  await expect(roulette.getByText(/^Session ended/)).toBeVisible();
  const [history] = await Promise.all([
    context.waitForEvent('page'),
    roulette.getByRole('link', { name: 'Open the round history' }).click(),
  ]);
  await expect(
    history.getByRole('heading', { name: 'European Roulette: round history' }),
  ).toBeVisible();
  await expect(history.getByText('(its SHA-256 matches the hash shown at launch)')).toBeVisible();
  const rows = history.getByRole('table', { name: 'Rounds played: 1' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('my own seed');
  await expect(rows.nth(1).getByRole('cell', { name: 'Matches' })).toBeVisible();
  await expectAccessible(history, 'studio round history');
  await history.close();

  // A slot: one spin of the stake in the field, its result said in the frame.
  // The first slot the studio plays: the game's own answer names its engine.
  const slots = (await (await page.request.get('/api/v1/games?section=slots&limit=48')).json()) as {
    data: { data: Array<{ slug: string; name: string }> };
  };
  let slot = slots.data.data[0]!;
  for (const candidate of slots.data.data) {
    const answer = (await (await page.request.get(`/api/v1/games/${candidate.slug}`)).json()) as {
      data: { game: { engine?: string | null } };
    };
    slot = candidate;
    if (answer.data.game.engine === 'studio-video-slot') break;
  }
  await page.goto(`/casino/games/${slot.slug}`);
  await expect(page.getByText('Runs on: 5-reel, 20-line video slot')).toBeVisible();
  const reels = page.frameLocator(`iframe[title="${slot.name}"]`);
  // From the keyboard: the frame's controls are native buttons.
  await reels.getByRole('button', { name: 'Spin' }).press('Enter');
  await expect(reels.getByRole('status')).toHaveText(/^(You win .+ USDT\.|No win this round\.)$/);
  await expectAccessible(page, 'studio slot in its frame');

  // Blackjack: dealt, then stood (or insurance declined) until the round settles.
  await page.goto('/casino/games/classic-blackjack');
  await expect(
    page.getByText('Runs on: Blackjack (6 decks, dealer stands on soft 17)'),
  ).toBeVisible();
  const table = page.frameLocator('iframe[title="Classic Blackjack"]');
  const said = table.getByRole('status');
  await table.getByRole('button', { name: 'Deal' }).click();
  await expect(said).toHaveText(/^(Your move\.|You win .+ USDT\.|No win this round\.)$/);
  await expectAccessible(page, 'studio blackjack in its frame');
  for (let move = 0; move < 4 && (await said.textContent()) === 'Your move.'; move += 1) {
    const decline = table.getByRole('button', { name: 'No insurance' });
    await (
      (await decline.isVisible()) ? decline : table.getByRole('button', { name: 'Stand' })
    ).click();
    await expect(said).not.toHaveText('Playing the round…');
  }
  await expect(said).toHaveText(/^(You win .+ USDT\.|No win this round\.)$/);

  // The rounds are in the game record, under the games' names.
  await page.goto('/account-management/game-record');
  const record = page.getByTestId('game-record');
  await expect(record.getByRole('row', { name: /European Roulette/ })).toHaveCount(1);
  await expect(record.getByRole('row', { name: new RegExp(slot.name) })).toHaveCount(1);
  await expect(record.getByRole('row', { name: /Classic Blackjack/ })).toHaveCount(1);
});
