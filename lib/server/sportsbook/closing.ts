import 'server-only';
import type { Line, Posting } from '@/lib/server/wallet/ledger';

type OpenBet = { id: string; userId: string; currency: string; stake: bigint };

/**
 * The two postings that close an open bet, settled or cashed out: its stake from the player's
 * `stake` balance to the house (`<key>`), and its return to the player (`<key>:return`). Their
 * amounts are placeholders: `closingLines` decides them under the lock.
 */
export function closingPostings(
  bet: OpenBet,
  key: string,
  meta: Record<string, unknown>,
): Posting[] {
  const { held, me, house } = accounts(bet);
  const scope = `sportsbook:${bet.userId}`;
  return [
    {
      type: 'bet',
      scope,
      key,
      userId: bet.userId,
      lines: [
        { account: held, amount: BigInt(-1) },
        { account: house, amount: BigInt(1) },
      ],
      meta,
    },
    {
      type: 'win',
      scope,
      key: `${key}:return`,
      userId: bet.userId,
      lines: [
        { account: house, amount: BigInt(-1) },
        { account: me, amount: BigInt(1) },
      ],
      meta,
    },
  ];
}

/** The closing postings' lines: the whole stake to the house, and what it returns (none for 0). */
export function closingLines(bet: OpenBet, paid: bigint): Line[][] {
  const { held, me, house } = accounts(bet);
  return [
    [
      { account: held, amount: -bet.stake },
      { account: house, amount: bet.stake },
    ],
    paid > BigInt(0)
      ? [
          { account: house, amount: -paid },
          { account: me, amount: paid },
        ]
      : [],
  ];
}

function accounts({ userId, currency }: OpenBet) {
  return {
    held: { userId, currency, kind: 'stake' as const },
    me: { userId, currency },
    house: { house: 'sportsbook' as const, currency },
  };
}
