import 'server-only';
import {
  betIdSchema,
  betRequestSchema,
  betSchema,
  liveBetsSchema,
  minesGameIdSchema,
  minesGameSchema,
  minesOpenSchema,
  minesRevealSchema,
  openMinesSchema,
  originalsConfigSchema,
  rotateSeedsSchema,
  rotatedSchema,
  seedsSchema,
} from '@/lib/schemas/originals';
import {
  crashBetIdSchema,
  crashBetSchema,
  crashJoinSchema,
  crashStateSchema,
} from '@/lib/schemas/crash';
import { route } from '@/lib/server/http/route';

const tags = ['originals'];

/** A player's bets at most this often: autobet plays one bet per request. */
const betLimit = { name: 'originals-bet', limit: 600, windowMs: 60_000 };
/** Mines: a game is opened, then revealed tile by tile — up to 24 requests a game. */
const minesLimit = { name: 'originals-mines', limit: 1200, windowMs: 60_000 };
/** Crash: a join and a cash-out a round, a round every ten seconds or so. */
const crashLimit = { name: 'originals-crash', limit: 120, windowMs: 60_000 };
const rotateLimit = { name: 'originals-rotate', limit: 120, windowMs: 60_000 };

/** The in-house originals: Dice, Limbo and Plinko, provably fair. */
export const originalsRoutes = {
  config: route({
    method: 'get',
    path: '/originals/config',
    operationId: 'originalsConfig',
    summary:
      "The originals' edge, each currency's smallest bet and largest win, and Plinko's tables with their exact RTPs",
    tags,
    response: originalsConfigSchema,
  }),
  seeds: route({
    method: 'get',
    path: '/originals/seeds',
    operationId: 'fairSeeds',
    summary:
      "The player's active pair (server seed hash, client seed, next nonce) and the next server seed's hash",
    tags,
    auth: 'required',
    response: seedsSchema,
  }),
  rotate: route({
    method: 'post',
    path: '/originals/seeds/rotate',
    operationId: 'rotateFairSeeds',
    summary:
      'Rotates the seeds: the active server seed retired and revealed, the committed one active with the new client seed at nonce 0 (refused while a game is open)',
    tags,
    auth: 'required',
    body: rotateSeedsSchema,
    limits: [{ rule: rotateLimit, by: 'player' }],
    response: rotatedSchema,
  }),
  bet: route({
    method: 'post',
    path: '/originals/bets',
    operationId: 'placeOriginalBet',
    summary:
      'A Dice, Limbo or Plinko bet, settled at once; a retry with the same key answers the same bet',
    tags,
    auth: 'required',
    body: betRequestSchema,
    limits: [{ rule: betLimit, by: 'player' }],
    response: betSchema,
  }),
  betById: route({
    method: 'get',
    path: '/originals/bets/{id}',
    operationId: 'originalBet',
    summary:
      'One bet, for anyone with its link: the server seed once retired, the name unless the player hides it',
    tags,
    params: betIdSchema,
    response: betSchema,
  }),
  live: route({
    method: 'get',
    path: '/originals/live',
    operationId: 'liveOriginalBets',
    summary: 'The latest bets and the week’s big wins (cached a few seconds)',
    tags,
    response: liveBetsSchema,
  }),
  openMines: route({
    method: 'get',
    path: '/originals/mines',
    operationId: 'openMinesGame',
    summary: "The player's open Mines game, if any (a game survives a reload and a restart)",
    tags,
    auth: 'required',
    // A player who took a break mid-game still sees the game and can collect it.
    restricted: 'allow',
    response: openMinesSchema,
  }),
  startMines: route({
    method: 'post',
    path: '/originals/mines',
    operationId: 'startMinesGame',
    summary:
      'Opens a Mines game: the stake held and the board drawn from the next nonce (one open game per player)',
    tags,
    auth: 'required',
    body: minesOpenSchema,
    limits: [{ rule: minesLimit, by: 'player' }],
    response: minesGameSchema,
  }),
  reveal: route({
    method: 'post',
    path: '/originals/mines/{id}/reveal',
    operationId: 'revealMinesTile',
    summary:
      'Reveals one tile (idempotent per tile): a mine ends the game, the last safe tile or the maximum win cashes it out',
    tags,
    auth: 'required',
    params: minesGameIdSchema,
    body: minesRevealSchema,
    limits: [{ rule: minesLimit, by: 'player' }],
    response: minesGameSchema,
  }),
  cashOut: route({
    method: 'post',
    path: '/originals/mines/{id}/cashout',
    operationId: 'cashOutMinesGame',
    summary:
      'Cashes the game out at its last safe step (after at least one reveal; paid once; allowed during a break: it stakes nothing)',
    tags,
    auth: 'required',
    restricted: 'allow',
    params: minesGameIdSchema,
    limits: [{ rule: minesLimit, by: 'player' }],
    response: minesGameSchema,
  }),
  crashState: route({
    method: 'get',
    path: '/originals/crash',
    operationId: 'crashState',
    summary:
      "Crash now: the chain's commitment, the round (its players; its crash point and hash once over), the recent rounds, and the signed-in player's bet",
    tags,
    auth: 'optional',
    response: crashStateSchema,
  }),
  crashJoin: route({
    method: 'post',
    path: '/originals/crash/bets',
    operationId: 'joinCrashRound',
    summary:
      'Joins the round taking bets (one bet a round; an optional auto cash-out); a retry with the same key answers the same bet',
    tags,
    auth: 'required',
    body: crashJoinSchema,
    limits: [{ rule: crashLimit, by: 'player' }],
    response: crashBetSchema,
  }),
  crashCashOut: route({
    method: 'post',
    path: '/originals/crash/bets/{id}/cashout',
    operationId: 'cashOutCrashBet',
    summary:
      "Cashes out at the curve's multiplier, iff the database's clock is before the round's bust instant (paid once; allowed during a break)",
    tags,
    auth: 'required',
    restricted: 'allow',
    params: crashBetIdSchema,
    limits: [{ rule: crashLimit, by: 'player' }],
    response: crashBetSchema,
  }),
};
