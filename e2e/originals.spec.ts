import type { Page } from '@playwright/test';
import { signedIn } from './auth-helpers';
import { depositUsdt } from './chain-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, pickOption } from './helpers';

type StoredBet = {
  id: string;
  amount: string;
  payout: string;
  nonce: number;
  result: Record<string, unknown>;
  serverSeed: string | null;
};

/** The header's balance button; an open dialog hides the page behind it from the tree. */
const headerBalance = (page: Page, amount: RegExp) =>
  page.getByRole('button', { name: amount, includeHidden: true });

/** One bet placed from the page's form: `amount` USDT, the Bet button, the result shown. */
async function betOnce(page: Page, amount: string, shown: string) {
  await page.getByRole('textbox', { name: 'Bet amount' }).fill(amount);
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(page.getByTestId(shown)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bet', exact: true })).toBeEnabled();
}

test('originals: play Dice, Limbo and Plinko for real money, change seeds, verify a bet, find it in the game record', async ({
  page,
}) => {
  // Three games, a seed rotation, the verifier and five axe checks: past 150 s on a busy machine.
  test.setTimeout(240_000);
  const tokens = await signedIn(page, 'originals');
  const auth = { Authorization: `Bearer ${tokens.token}` };
  await depositUsdt(page, auth, '50', 10);

  await page.goto('/x-games');
  await expect(page.getByRole('heading', { level: 1, name: 'X-games' })).toBeVisible();
  await expect(headerBalance(page, /^Balance 50\.00 USDT/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /^Plinko.*RTP 98\.90%/ })).toBeVisible();
  await expectAccessible(page, 'x-games lobby');
  // The lobby's card, not a bet of Dice in the live feed below it (a retry's earlier bets).
  await page.getByRole('list').getByRole('link', { name: /^Dice/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Dice' })).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Roll over' }).fill('40');
  await expect(page.getByRole('textbox', { name: 'Win chance' })).toHaveValue('60.00 %');
  await expect(page.getByRole('textbox', { name: 'Multiplier' })).toHaveValue('1.65');
  await betOnce(page, '2', 'dice-roll');
  await expectAccessible(page, 'dice after a bet');

  await page.goto('/x-games/limbo');
  await page.getByRole('spinbutton', { name: 'Target multiplier' }).fill('1.5');
  await betOnce(page, '1', 'limbo-result');
  await expect(page.getByTestId('limbo-result')).toHaveAttribute('data-settled', 'true');

  await page.goto('/x-games/plinko');
  await pickOption(page, page.getByRole('combobox', { name: 'Rows' }), '8');
  await pickOption(page, page.getByRole('combobox', { name: 'Risk' }), 'High');
  await expect(page.getByTestId('plinko-rtp')).toHaveText(
    'Return to player for these rows and risk: 99.0625 %',
  );
  await betOnce(page, '1', 'plinko-landed');
  await expectAccessible(page, 'plinko after a bet');

  // The balance is what the three bets say: 50 − 4 staked + what they paid.
  const record = await page.request.get('/api/v1/wallet/game-record', { headers: auth });
  const rounds = (
    (await record.json()) as { data: { data: Array<{ roundId: string; payout: string }> } }
  ).data.data;
  expect(rounds).toHaveLength(3);
  const paid = rounds.reduce((sum, r) => sum + Number(r.payout), 0);
  await expect(
    headerBalance(page, new RegExp(`^Balance ${(46 + paid).toFixed(2).replace('.', '\\.')} USDT`)),
  ).toBeVisible();

  // The fairness dialog: the active pair, then a rotation that reveals the seed of those bets.
  await page.getByRole('button', { name: 'Fairness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Provably fair' });
  await expect(dialog.getByRole('textbox', { name: 'Nonce' })).toHaveValue('3');
  const hash = await dialog
    .getByRole('textbox', { name: 'Active server seed (hashed)' })
    .inputValue();
  await dialog.getByRole('textbox', { name: 'New client seed' }).fill('my own seed');
  await dialog.getByRole('button', { name: 'Change seeds' }).click();
  await expect(dialog.getByTestId('rotated')).toContainText('drew 3 bets');
  await expect(dialog.getByRole('textbox', { name: 'Active client seed' })).toHaveValue(
    'my own seed',
  );
  await expect(dialog.getByRole('textbox', { name: 'Nonce' })).toHaveValue('0');
  await expect(
    dialog.getByRole('textbox', { name: 'Active server seed (hashed)' }),
  ).not.toHaveValue(hash);
  await expectAccessible(page, 'fairness dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The game record lists the three rounds, each now verifiable; the Dice bet verifies.
  await page.goto('/account-management/game-record');
  const table = page.getByTestId('game-record');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expectAccessible(page, 'game record');
  const diceRow = table.getByRole('row').filter({ hasText: 'Dice' });
  const diceId = (await diceRow.getAttribute('data-round'))!;
  await diceRow.getByRole('link', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Verify a bet' })).toBeVisible();
  const stored = (
    (await (await page.request.get(`/api/v1/originals/bets/${diceId}`)).json()) as {
      data: StoredBet;
    }
  ).data;
  expect(stored.serverSeed).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByRole('textbox', { name: 'Server seed' })).toHaveValue(stored.serverSeed!);
  await expect(page.getByTestId('verified-hash')).toHaveText(hash);
  await expect(page.getByTestId('verified-result')).toHaveText(
    Number(stored.result.roll).toFixed(2),
  );
  await expect(page.getByTestId('verified-match')).toHaveText('This matches the stored bet.');
  await expectAccessible(page, 'verifier');

  // The public bet page shows the same bet, its seed revealed.
  await page.goto(`/x-games/bet/${diceId}`);
  await expect(page.getByTestId('bet-server-seed')).toHaveText(stored.serverSeed!);
  await expect(page.getByTestId('bet-result')).toHaveText(Number(stored.result.roll).toFixed(2));
  await expectAccessible(page, 'bet page');
});

test('originals on a phone: a guest is asked to sign in; a player runs autobet for free @phone', async ({
  page,
}) => {
  await page.goto('/x-games/dice');
  await page.getByRole('button', { name: 'Sign in to play' }).click();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }),
  ).toBeVisible();

  await signedIn(page, 'autobet');
  await page.goto('/x-games/dice');
  await page.getByRole('tab', { name: 'Auto' }).click();
  await page.getByRole('spinbutton', { name: 'Number of bets' }).fill('3');
  await page.getByRole('button', { name: 'Start autobet' }).click();
  await expect(page.getByTestId('my-bets').getByRole('row')).toHaveCount(4, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Start autobet' })).toBeEnabled();
  // Three free bets on consecutive nonces of one pair.
  await expect(page.getByTestId('my-bets')).toContainText('0.00');
  await expectAccessible(page, 'dice autobet');
});
