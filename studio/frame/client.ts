import { sha256Hex } from '@/lib/fairness/bytes';
import { engine, floatStream, type EngineName } from '../games/engines';
import { TABLE_BETS, type TableBet } from '../games/roulette';
import { LINES } from '../games/slot';
import { WHEEL_BETS } from '../games/wheel';
import type { TableView } from '../studio';
import type { Boot, HistoryBoot } from './boot';

/*
 * The game frame in the player's browser: plain DOM, every control a native button, field or
 * select (so keyboard play needs nothing extra), results announced in a live region. Rounds go to
 * the studio, which bets them on the platform's wallet; the history page recomputes every round
 * of an ended session here, from the revealed seed, with the same engine code the studio runs.
 */

type Messages = Record<string, string>;
let messages: Messages = {};
let locale = 'en';

/** A message with its {placeholders} filled. */
function t(key: string, values: Record<string, string | number> = {}): string {
  const text = messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The aggregator's integers are the currency × 10⁵. */
const UNIT = 100_000;
/** Hub88's demo currency is a guest's play money. */
const currencyName = (currency: string) => (currency === 'XXX' ? t('funMoney') : currency);
const amountText = (units: number, currency: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 5 }).format(units / UNIT)} ${currencyName(currency)}`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { dataset?: Record<string, string> } = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  const { dataset, ...rest } = props;
  Object.assign(node, rest);
  if (dataset) Object.assign(node.dataset, dataset);
  node.append(...children);
  return node;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const WALLET_ERRORS: Record<string, string> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'errors.notEnoughMoney',
  RS_ERROR_LIMIT_REACHED: 'errors.limit',
  RS_ERROR_USER_DISABLED: 'errors.disabled',
  RS_ERROR_TOKEN_EXPIRED: 'errors.expired',
};

type Round = {
  round?: { payout: number; outcome: Record<string, unknown> };
  table?: TableView;
  balance: number | null;
  pending?: boolean;
};
type Played = Round & { round: NonNullable<Round['round']> };

/** The bets a table game collects before a round: a name, what it covers, an amount. */
type Chip = { key: string; label: string; amount: number; bet: unknown };

function frame(boot: Boot) {
  const { session } = boot;
  const status = byId<HTMLParagraphElement>('status');
  const balance = byId<HTMLElement>('balance');
  const stakeField = byId<HTMLInputElement>('stake');
  const money = (units: number) => amountText(units, session.currency);
  const showBalance = (units: number | null | undefined) => {
    if (typeof units === 'number') balance.textContent = money(units);
  };
  const say = (text: string, tone: 'info' | 'error' = 'info') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };
  /** The stake field in the aggregator's integers, or null with a message. */
  const stakeUnits = (multipleOf = 1): number | null => {
    // Rounded to the unit first: 2.01 × 10⁵ is 200999.99… in floating point.
    const value = Math.floor(Math.round(Number(stakeField.value) * UNIT) / multipleOf) * multipleOf;
    if (!Number.isFinite(value) || value <= 0) {
      say(t('errors.stake', { amount: money(multipleOf) }), 'error');
      stakeField.focus();
      return null;
    }
    return value;
  };

  void fetch(`/play/${session.id}/balance`)
    .then((r) => r.json())
    .then((answer: { balance?: number }) => showBalance(answer.balance))
    .catch(() => undefined);

  let busy = false;
  /** Whether the last round's win is still being sent to the wallet. */
  let pending = false;
  const buttons = () => document.querySelectorAll<HTMLButtonElement>('[data-round]');
  /**
   * Plays one round (or a blackjack move); answers what the studio said, or null after saying
   * why it was not played.
   */
  async function send(input: unknown, path = 'round'): Promise<Round | null> {
    if (busy) return null;
    busy = true;
    buttons().forEach((b) => (b.disabled = true));
    say(t('working'));
    try {
      const answer = await post(`/play/${session.id}/${path}`, input).catch(() => null);
      const body = answer?.body as
        (Round & { ok: true }) | { ok: false; status: string; balance: number | null } | null;
      if (!body || answer?.status !== 200) {
        say(t('errors.failed'), 'error');
        return null;
      }
      showBalance(body.balance);
      pending = body.ok && Boolean(body.pending);
      if (!body.ok) {
        say(t(WALLET_ERRORS[body.status] ?? 'errors.failed'), 'error');
        return null;
      }
      if (path === 'round') byId('nonce').textContent = t('nonce', { nonce: ++session.nonce });
      return body;
    } finally {
      busy = false;
      buttons().forEach((b) => (b.disabled = false));
    }
  }
  /** A one-step round: played, and its result there (or null). */
  const playRound = async (input: unknown) => {
    const answer = await send(input);
    return answer?.round ? (answer as Played) : null;
  };
  const winText = (payout: number) =>
    `${payout > 0 ? t('win', { amount: money(payout) }) : t('noWin')}${pending ? ` ${t('pendingWin')}` : ''}`;

  const board = byId<HTMLElement>('board');
  const games: Record<EngineName, () => void> = {
    blackjack: () => blackjackBoard(board, boot.table, { stakeUnits, send, say, winText, money }),
    slot: () => slotBoard(board, { stakeUnits, playRound, say, winText, money }),
    roulette: () =>
      tableBoard(board, tableOptions('roulette', boot.betRtps), {
        stakeUnits,
        playRound,
        say,
        winText,
        money,
      }),
    baccarat: () =>
      tableBoard(board, tableOptions('baccarat', boot.betRtps), {
        stakeUnits,
        playRound,
        say,
        winText,
        money,
      }),
    wheel: () =>
      tableBoard(board, tableOptions('wheel', boot.betRtps), {
        stakeUnits,
        playRound,
        say,
        winText,
        money,
      }),
  };
  games[session.engine]();
  fairness(boot, say);
}

type Play = {
  stakeUnits: (multipleOf?: number) => number | null;
  playRound: (input: unknown) => Promise<Played | null>;
  say: (text: string, tone?: 'info' | 'error') => void;
  winText: (payout: number) => string;
  money: (units: number) => string;
};

/** Card ranks and the slot's seven are the same signs in every language. */
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const symbolName = (symbol: string) => (symbol === 'seven' ? '7' : t(`slot.symbols.${symbol}`));

const SUITS = ['♠', '♥', '♦', '♣'];
const cardsText = (cards: Array<{ rank: number; suit: number }>) =>
  cards.map((c) => `${RANKS[c.rank - 1]}${SUITS[c.suit]}`).join(' ');
/** A hand's best total, an ace counting eleven where it fits. */
function handTotal(cards: Array<{ rank: number }>): number {
  const hard = cards.reduce((t, c) => t + Math.min(c.rank, 10), 0);
  return cards.some((c) => c.rank === 1) && hard + 10 <= 21 ? hard + 10 : hard;
}

type Send = (input: unknown, path?: string) => Promise<Round | null>;

/**
 * Blackjack: a deal, then the moves the hand allows as buttons, until the round settles. The
 * dealer's hole card is not sent until then.
 */
function blackjackBoard(
  board: HTMLElement,
  open: TableView | null,
  play: Omit<Play, 'playRound'> & { send: Send },
) {
  const dealer = el('p', { className: 'dealer' });
  const hands = el('ul', { className: 'hands' });
  const moves = el('p', { className: 'actions' });
  const dealButton = el('button', { type: 'button', className: 'primary', textContent: t('deal') });
  dealButton.dataset.round = '';
  const show = (table: TableView | null) => {
    dealButton.hidden = Boolean(table && table.state !== 'settled');
    if (!table) {
      dealer.textContent = '';
      hands.replaceChildren();
      moves.replaceChildren();
      return;
    }
    const shown = cardsText(table.dealer);
    dealer.textContent = table.hidden
      ? t('blackjack.dealerHidden', { cards: shown })
      : t('blackjack.dealer', { cards: shown, total: handTotal(table.dealer) });
    hands.replaceChildren(
      ...table.hands.map((hand, i) => {
        const item = el('li', {
          textContent: t('blackjack.hand', {
            n: i + 1,
            cards: cardsText(hand.cards),
            total: handTotal(hand.cards),
          }),
        });
        if (i === table.active && table.state === 'playing')
          item.setAttribute('aria-current', 'true');
        return item;
      }),
    );
    moves.replaceChildren(
      ...table.moves.map((move) => {
        const button = el('button', { type: 'button', textContent: t(`blackjack.moves.${move}`) });
        button.dataset.round = '';
        button.addEventListener('click', async () => {
          const answer = await play.send({ move }, 'move');
          if (answer) settle(answer);
        });
        return button;
      }),
    );
  };
  const settle = (answer: Round) => {
    show(answer.table ?? null);
    if (answer.round) play.say(play.winText(answer.round.payout));
    else play.say(t('blackjack.yourMove'));
  };
  dealButton.addEventListener('click', async () => {
    const stake = play.stakeUnits(2);
    if (stake === null) return;
    const answer = await play.send({ stake });
    if (answer) settle(answer);
  });
  board.append(dealer, hands, moves, el('p', { className: 'actions' }, dealButton));
  show(open);
}

function slotBoard(board: HTMLElement, play: Play) {
  const reels = el('div', { className: 'reels', role: 'img' });
  reels.setAttribute('aria-label', t('slot.reels'));
  const cells: HTMLSpanElement[][] = [];
  for (let reel = 0; reel < 5; reel += 1) {
    const column = el('div', { className: 'reel' });
    cells.push(
      [0, 1, 2].map(() => column.appendChild(el('span', { className: 'cell', textContent: '·' }))),
    );
    reels.append(column);
  }
  const lines = el('ul', { className: 'wins' });
  const spin = el('button', { type: 'button', className: 'primary', textContent: t('spin') });
  spin.dataset.round = '';
  const paint = (window: string[][]) =>
    window.forEach((column, reel) =>
      column.forEach((symbol, row) => {
        const cell = cells[reel]![row]!;
        cell.textContent = symbolName(symbol);
        cell.dataset.symbol = symbol;
      }),
    );
  spin.addEventListener('click', async () => {
    const stake = play.stakeUnits(LINES.length);
    if (stake === null) return;
    reels.classList.add('spinning');
    const answer = await play.playRound({ stake });
    reels.classList.remove('spinning');
    if (!answer) return;
    const outcome = answer.round.outcome as {
      base: {
        window: string[][];
        lines: Array<{ line: number; symbol: string; count: number }>;
        scatters: number;
      };
      free: unknown[];
    };
    paint(outcome.base.window);
    lines.replaceChildren(
      ...outcome.base.lines.map((l) =>
        el('li', {
          textContent: t('slot.line', {
            line: l.line + 1,
            count: l.count,
            symbol: symbolName(l.symbol),
          }),
        }),
      ),
      ...(outcome.free.length
        ? [el('li', { textContent: t('slot.freeSpins', { count: outcome.free.length }) })]
        : []),
    );
    play.say(play.winText(answer.round.payout));
  });
  board.append(reels, lines, el('p', { className: 'actions' }, spin));
}

type Entry = { key: string; label: string; bet: unknown; className?: string };

type TableOptions = {
  /** The bets the board offers as buttons, in rows of a layout, and the others as a list. */
  groups: Array<{ className: string; entries: Entry[] }>;
  more: Array<{ key: string; label: string; bet: unknown }>;
  input: (chips: Chip[]) => unknown;
  /** What the button that plays the round says (a wheel spins, cards are dealt). */
  action: string;
  result: (outcome: Record<string, unknown>) => string;
};

function rouletteLabel(bet: TableBet): string {
  const numbers = bet.numbers.join(', ');
  if (bet.kind === 'straight') return String(bet.numbers[0]);
  if (['column', 'dozen'].includes(bet.kind)) {
    const index =
      bet.kind === 'dozen' ? Math.ceil(bet.numbers[0]! / 12) : ((bet.numbers[0]! - 1) % 3) + 1;
    return t(`roulette.${bet.kind}`, { n: index });
  }
  if (['red', 'black', 'odd', 'even', 'low', 'high'].includes(bet.kind)) {
    return t(`roulette.${bet.kind}`);
  }
  return t(`roulette.kinds.${bet.kind}`, { numbers });
}

function tableOptions(
  game: Exclude<EngineName, 'slot'>,
  rtps: Record<string, string>,
): TableOptions {
  const rtpOf = (bet: string) => (rtps[bet] ? ` · ${t('rtp', { value: rtps[bet] })}` : '');
  if (game === 'roulette') {
    const entry = (bet: TableBet) => ({
      key: `${bet.kind}:${bet.numbers.join('-')}`,
      label: rouletteLabel(bet),
      bet: { kind: bet.kind, numbers: [...bet.numbers] },
      className: bet.kind === 'straight' ? `pocket ${colour(bet.numbers[0]!)}` : undefined,
    });
    const inside = new Set(['split', 'street', 'trio', 'corner', 'firstFour', 'line']);
    const of = (kinds: string[]) => TABLE_BETS.filter((b) => kinds.includes(b.kind)).map(entry);
    // The layout's order: zero on the left, then rows 3-6-…-36, 2-5-…-35, 1-4-…-34.
    const straight = TABLE_BETS.filter((b) => b.kind === 'straight').map(entry);
    const numbers = [straight[0]!];
    for (const row of [3, 2, 1]) {
      for (let column = 0; column < 12; column += 1) numbers.push(straight[row + column * 3]!);
    }
    return {
      groups: [
        { className: 'wheel-numbers', entries: numbers },
        { className: 'outside', entries: of(['dozen']) },
        { className: 'outside', entries: of(['column']) },
        {
          className: 'outside even-money',
          entries: of(['low', 'even', 'red', 'black', 'odd', 'high']),
        },
      ],
      more: TABLE_BETS.filter((b) => inside.has(b.kind)).map(entry),
      input: (chips) => ({
        bets: chips.map((c) => ({ ...(c.bet as object), amount: c.amount })),
      }),
      action: t('spin'),
      result: (o) =>
        t('roulette.result', {
          pocket: String(o.pocket),
          colour: t(`roulette.colours.${String(o.colour)}`),
        }),
    };
  }
  const named = (chips: Chip[]) => ({
    bets: Object.fromEntries(chips.map((c) => [String(c.bet), c.amount])),
  });
  if (game === 'baccarat') {
    return {
      groups: [
        {
          className: 'layout',
          entries: (['player', 'banker', 'tie'] as const).map((bet) => ({
            key: bet,
            label: `${t(`baccarat.${bet}`)} · ${t(`baccarat.pays.${bet}`)}${rtpOf(bet)}`,
            bet,
          })),
        },
      ],
      more: [],
      input: named,
      action: t('deal'),
      result: (o) => {
        const hand = (cards: Array<{ rank: number }>) =>
          cards.map((c) => RANKS[c.rank - 1]).join(' ');
        const points = (cards: Array<{ rank: number }>) =>
          cards.reduce((s, c) => s + (c.rank >= 10 ? 0 : c.rank), 0) % 10;
        const player = o.player as Array<{ rank: number }>;
        const banker = o.banker as Array<{ rank: number }>;
        return t('baccarat.result', {
          player: `${hand(player)} (${points(player)})`,
          banker: `${hand(banker)} (${points(banker)})`,
          winner: t(`baccarat.wins.${String(o.winner)}`),
        });
      },
    };
  }
  return {
    groups: [
      {
        className: 'layout',
        entries: WHEEL_BETS.map((bet) => ({
          key: String(bet),
          label: `${t('wheel.bet', { number: bet })}${rtpOf(String(bet))}`,
          bet,
        })),
      },
    ],
    more: [],
    input: named,
    action: t('spin'),
    result: (o) =>
      t('wheel.result', { segment: String(o.result), multiplier: Number(o.multiplier) }),
  };
}

const colour = (n: number) =>
  n === 0
    ? 'green'
    : [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n)
      ? 'red'
      : 'black';

function tableBoard(board: HTMLElement, options: TableOptions, play: Play) {
  const chips = new Map<string, Chip>();
  const list = el('ul', { className: 'chips' });
  const total = el('p', { className: 'total' });
  const render = () => {
    list.replaceChildren(
      ...[...chips.values()].map((chip) => {
        const remove = el('button', {
          type: 'button',
          className: 'link',
          textContent: t('removeBet'),
        });
        remove.setAttribute('aria-label', t('removeBetOf', { bet: chip.label }));
        remove.addEventListener('click', () => {
          chips.delete(chip.key);
          render();
        });
        return el('li', {}, `${chip.label}: ${play.money(chip.amount)} `, remove);
      }),
    );
    const sum = [...chips.values()].reduce((s, c) => s + c.amount, 0);
    total.textContent = chips.size ? t('total', { amount: play.money(sum) }) : t('noBets');
  };
  const add = (entry: { key: string; label: string; bet: unknown }) => {
    const amount = play.stakeUnits();
    if (amount === null) return;
    const held = chips.get(entry.key);
    chips.set(entry.key, { ...entry, amount: (held?.amount ?? 0) + amount });
    render();
    play.say(t('added', { bet: entry.label }));
  };
  for (const group of options.groups) {
    const layout = el('div', { className: group.className });
    for (const entry of group.entries) {
      const button = el('button', { type: 'button', textContent: entry.label });
      if (entry.className) button.className = entry.className;
      button.setAttribute('aria-label', t('addBet', { bet: entry.label }));
      button.addEventListener('click', () => add(entry));
      layout.append(button);
    }
    board.append(layout);
  }
  if (options.more.length) {
    const select = el('select', { id: 'more-bets' });
    select.append(
      ...options.more.map((entry, i) =>
        el('option', { value: String(i), textContent: entry.label }),
      ),
    );
    const addMore = el('button', { type: 'button', textContent: t('addSelected') });
    addMore.addEventListener('click', () => add(options.more[Number(select.value)]!));
    board.append(
      el(
        'p',
        { className: 'more' },
        el('label', { htmlFor: 'more-bets', textContent: t('moreBets') }),
        ' ',
        select,
        ' ',
        addMore,
      ),
    );
  }
  const clear = el('button', { type: 'button', textContent: t('clearBets') });
  clear.addEventListener('click', () => {
    chips.clear();
    render();
  });
  const go = el('button', { type: 'button', className: 'primary', textContent: options.action });
  go.dataset.round = '';
  clear.dataset.round = '';
  go.addEventListener('click', async () => {
    if (!chips.size) {
      play.say(t('noBets'), 'error');
      return;
    }
    const answer = await play.playRound(options.input([...chips.values()]));
    if (!answer) return;
    play.say(`${options.result(answer.round.outcome)} ${play.winText(answer.round.payout)}`);
  });
  board.append(
    el('h2', { textContent: t('yourBets') }),
    list,
    total,
    el('p', { className: 'actions' }, clear, ' ', go),
  );
  render();
}

function fairness(boot: Boot, say: Play['say']) {
  const { session } = boot;
  const form = byId<HTMLFormElement>('seed-form');
  const field = byId<HTMLInputElement>('client-seed');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const answer = await post(`/play/${session.id}/seed`, { clientSeed: field.value }).catch(
      () => null,
    );
    say(
      answer?.status === 200 ? t('seedSaved') : t('seedInvalid'),
      answer?.status === 200 ? 'info' : 'error',
    );
  });
  byId<HTMLButtonElement>('end').addEventListener('click', async () => {
    const answer = await post(`/play/${session.id}/end`, {}).catch(() => null);
    const ended = answer?.body as { serverSeed?: string } | null;
    if (!ended?.serverSeed) return say(t('errors.failed'), 'error');
    byId('revealed').hidden = false;
    byId('server-seed').textContent = ended.serverSeed;
    document
      .querySelectorAll<HTMLButtonElement>('[data-round], #end')
      .forEach((b) => (b.disabled = true));
    say(t('ended'));
  });
}

/** The history page: each round of a revealed session computed again here. */
function history(boot: HistoryBoot) {
  const seed = boot.session.serverSeed;
  if (!seed) return;
  const seedOk = sha256Hex(seed) === boot.session.serverSeedHash;
  byId('seed-check').textContent = t(seedOk ? 'history.seedMatches' : 'history.seedMismatch');
  const game = engine(boot.session.engine);
  boot.session.rounds.forEach((round, i) => {
    let same = false;
    try {
      const again = game.settle(round.input, floatStream(seed, round.clientSeed, round.nonce));
      same =
        seedOk &&
        Number(again.payout) === round.payout &&
        Number(again.stake) === round.stake &&
        JSON.stringify(again.outcome) === JSON.stringify(round.outcome);
    } catch {
      // Moves the game does not allow, or a round that does not settle: not this game's round.
    }
    const cell = byId(`check-${i}`);
    cell.textContent = t(same ? 'history.matches' : 'history.mismatch');
    cell.dataset.verified = String(same);
  });
}

const bootNode = document.getElementById('boot');
if (bootNode) {
  const boot = JSON.parse(bootNode.textContent ?? '{}') as Boot | HistoryBoot;
  messages = boot.messages;
  locale = boot.locale;
  if (boot.page === 'frame') frame(boot);
  else history(boot);
}
