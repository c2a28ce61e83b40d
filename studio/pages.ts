import type { Boot, FrameSession, HistoryBoot } from './frame/boot';
import { totalOf, type Card } from './games/blackjack';
import type { EngineName } from './games/engines';
import { directionOf, frameLocale, studioMessages } from './messages';
import type { StudioSession, TableView } from './studio';

/*
 * The studio's two pages, rendered as plain HTML: the game frame (the board is drawn by the page
 * script) and a session's round history. Every text is escaped; the script's data rides in a JSON
 * block whose `<` are escaped, so nothing in it can close the element.
 */

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

const UNIT = 100_000;

export type PageContext = {
  root: string;
  gameName: string;
  rtp: string;
  betRtps: Record<string, string>;
  table: TableView | null;
};

/** What the player may see of a session: never the platform's token or user id. */
export function publicSession(session: StudioSession): FrameSession {
  const { id, engine, currency, serverSeedHash, clientSeed, nonce } = session;
  return { id, engine, currency, serverSeedHash, clientSeed, nonce };
}

function shell(lang: string, title: string, body: string, boot: Boot | HistoryBoot) {
  const data = JSON.stringify(boot).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${frameLocale(lang)}" dir="${directionOf(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><link rel="stylesheet" href="/static/frame.css"></head>
<body>${body}
<script id="boot" type="application/json">${data}</script>
<script src="/static/frame.js" defer></script></body></html>`;
}

const HELP: Record<EngineName, string> = {
  slot: 'slot.help',
  roulette: 'roulette.help',
  baccarat: 'baccarat.help',
  wheel: 'wheel.help',
  blackjack: 'blackjack.help',
};

export function framePage(session: StudioSession, context: PageContext): string {
  const messages = studioMessages(context.root, session.lang);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    escape(fill(messages[key] ?? key, values));
  const body = `<main class="frame" data-engine="${session.engine}">
<header class="top"><h1>${escape(context.gameName)}</h1>
<p>${t('rtp', { value: context.rtp })}</p>
<p>${t('balance')}: <strong id="balance" aria-live="polite">…</strong></p></header>
<section class="play" aria-label="${t('table')}">
<p class="stake"><label for="stake">${t('stake', { currency: session.currency === 'XXX' ? (messages.funMoney ?? '') : session.currency })}</label>
<input id="stake" type="number" min="0" step="any" inputmode="decimal" value="1"></p>
<div id="board"></div>
<p id="status" role="status" aria-live="polite"></p>
</section>
<div class="panels">
<details class="rules"><summary>${t('rules')}</summary><p>${t(HELP[session.engine])}</p></details>
<details class="fair"><summary>${t('fairness')}</summary>
<p>${t('serverSeedHash')}: <code id="seed-hash">${session.serverSeedHash}</code></p>
<form id="seed-form"><label for="client-seed">${t('clientSeed')}</label>
<input id="client-seed" value="${escape(session.clientSeed)}" maxlength="64" required autocomplete="off">
<button type="submit">${t('changeSeed')}</button></form>
<p id="nonce">${t('nonce', { nonce: session.nonce })}</p>
<p><button type="button" id="end">${t('endSession')}</button></p>
<div id="revealed" hidden><p>${t('serverSeed')}: <code id="server-seed"></code></p></div>
<p><a href="/history/${session.id}" target="_blank" rel="noopener">${t('openHistory')}</a></p>
</details></div></main>`;
  return shell(session.lang, context.gameName, body, {
    page: 'frame',
    locale: frameLocale(session.lang),
    messages,
    session: publicSession(session),
    betRtps: context.betRtps,
    table: context.table,
  });
}

/** A round's result in a few words, per game. */
function summary(
  session: StudioSession,
  outcome: Record<string, unknown>,
  t: (k: string) => string,
) {
  if (session.engine === 'roulette')
    return `${String(outcome.pocket)} ${t(`roulette.colours.${String(outcome.colour)}`)}`;
  if (session.engine === 'baccarat') return t(`baccarat.wins.${String(outcome.winner)}`);
  if (session.engine === 'wheel') return `${String(outcome.result)} ×${String(outcome.multiplier)}`;
  if (session.engine === 'blackjack') {
    const total = (cards: Array<{ rank: number }>) => totalOf(cards as Card[]).total;
    const round = outcome as { dealer: Card[]; hands: Array<{ cards: Card[] }> };
    return fill(t('blackjack.summary'), {
      dealer: total(round.dealer),
      hands: round.hands.map((h) => total(h.cards)).join(', '),
    });
  }
  const free = (outcome.free as unknown[] | undefined)?.length ?? 0;
  return free ? fill(t('slot.freeSpins'), { count: free }) : '';
}

export function historyPage(session: StudioSession, context: PageContext): string {
  const messages = studioMessages(context.root, session.lang);
  const raw = (key: string) => messages[key] ?? key;
  const t = (key: string, values: Record<string, string | number> = {}) =>
    escape(fill(raw(key), values));
  const locale = frameLocale(session.lang);
  const currency = session.currency === 'XXX' ? raw('funMoney') : session.currency;
  const amount = (units: number) =>
    `${new Intl.NumberFormat(locale, { maximumFractionDigits: 5 }).format(units / UNIT)} ${currency}`;
  const rows = session.rounds
    .map(
      (round, i) => `<tr><td>${round.nonce}</td><td><code>${escape(round.clientSeed)}</code></td>
<td>${escape(amount(round.stake))}</td><td>${escape(amount(round.payout))}</td>
<td>${escape(summary(session, round.outcome, raw))}</td><td><code>${escape(JSON.stringify(round.input))}</code></td><td id="check-${i}">${session.serverSeed ? '…' : '—'}</td></tr>`,
    )
    .join('\n');
  const body = `<main class="history"><h1>${t('history.title', { game: context.gameName })}</h1>
<p>${t('serverSeedHash')}: <code>${session.serverSeedHash}</code></p>
${
  session.serverSeed
    ? `<p>${t('serverSeed')}: <code data-testid="revealed-seed">${session.serverSeed}</code> <span id="seed-check"></span></p>`
    : `<p>${t('history.notRevealed')}</p>`
}
<table><caption>${t('history.caption', { count: session.rounds.length })}</caption>
<thead><tr><th scope="col">${t('history.nonce')}</th><th scope="col">${t('clientSeed')}</th>
<th scope="col">${t('history.stake')}</th><th scope="col">${t('history.payout')}</th>
<th scope="col">${t('history.result')}</th><th scope="col">${t('history.input')}</th><th scope="col">${t('history.check')}</th></tr></thead>
<tbody>${rows}</tbody></table></main>`;
  return shell(session.lang, context.gameName, body, {
    page: 'history',
    locale,
    messages,
    session: {
      ...publicSession(session),
      serverSeed: session.serverSeed,
      rounds: session.rounds,
    },
  });
}
