'use client';

import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { sha256Hex } from '@/lib/fairness/bytes';
import { isTile } from '@/lib/fairness/mines';
import { decimalText, isOriginalBet, play, type Outcome } from '@/lib/fairness/outcome';
import { publicBetQuery } from '@/lib/api/queries/originals';
import { betParamsSchema, fairBetOf, originalGames, type BetParams } from '@/lib/schemas/originals';
import { defaultParams } from './games';
import { MINES_COUNTS, MinesBoardView, tileList, type MinesResult } from './mines/mines-board-view';
import { PlinkoSettings } from './plinko-settings';

type Form = {
  params: BetParams;
  /** Mines: the tiles revealed, in order, as typed ("3, 11, 7"). */
  picks: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  edgeBps: string;
};

const SEED = /^[0-9a-f]{64}$/;

/** The board recomputed here: every mine, and the tiles the player revealed. */
function VerifiedBoard({ result }: { result: MinesResult }) {
  const t = useTranslations('originals.mines');
  return (
    <MinesBoardView result={result} name={(key, tile) => t(key, { tile })} label={t('boardView')} />
  );
}

/** The form as the address gives it (a link from a rotation, a game record row, a bet page). */
function fromSearch(search: URLSearchParams): Form {
  const game = originalGames.find((g) => g === search.get('game')) ?? 'dice';
  const raw: Record<string, unknown> = { ...defaultParams[game] };
  for (const key of ['target', 'rows', 'mines'] as const) {
    const value = search.get(key);
    if (value !== null && value !== '') raw[key] = Number(value);
  }
  for (const key of ['side', 'risk'] as const) {
    const value = search.get(key);
    if (value) raw[key] = value;
  }
  const parsed = betParamsSchema.safeParse(raw);
  return {
    params: parsed.success ? parsed.data : defaultParams[game],
    picks: search.get('picks') ?? '',
    serverSeed: search.get('serverSeed') ?? '',
    clientSeed: search.get('clientSeed') ?? '',
    nonce: search.get('nonce') ?? '0',
    edgeBps: search.get('edge') ?? '100',
  };
}

/** An object's JSON with its keys in one order (the stored result comes back in its own). */
const canonical = (value: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))));

function describe(outcome: Outcome): string {
  const r = outcome.result;
  if (r.game === 'dice') return r.roll.toFixed(2);
  if (r.game === 'limbo') return `${r.result.toFixed(2)}×`;
  if (r.game === 'mines') return tileList(r.mines);
  return String(r.bucket);
}

/** Typed tiles ("3, 11,7") as numbers; null when any is not a tile or one repeats. */
function parsePicks(text: string): number[] | null {
  const parts = text.split(/[\s,،，、]+/).filter(Boolean);
  const tiles = parts.map(Number);
  if (!tiles.every(isTile) || new Set(tiles).size !== tiles.length) return null;
  return tiles;
}

/**
 * The verifier: any result recomputed in the browser from the revealed server seed, the client
 * seed and the nonce, with the same code the platform settles with. Opened with `?bet=<id>`, it
 * fills itself from the bet and says whether the stored result matches.
 */
export function Verifier() {
  const t = useTranslations('originals.verify');
  const tGames = useTranslations('originals.games');
  const search = useSearchParams();
  const betId = search.get('bet');
  const stored = useQuery({ ...publicBetQuery(betId ?? ''), enabled: Boolean(betId) });
  // What the player typed wins; until then the bet's values, or the address's.
  const [edited, setEdited] = useState<Form | null>(null);
  const given = useMemo(() => fromSearch(new URLSearchParams(search.toString())), [search]);
  const form: Form =
    edited ??
    (stored.data
      ? {
          params: stored.data.params,
          picks: Array.isArray(stored.data.result.picks) ? stored.data.result.picks.join(', ') : '',
          serverSeed: stored.data.serverSeed ?? '',
          clientSeed: stored.data.clientSeed,
          nonce: String(stored.data.nonce),
          edgeBps: String(stored.data.edgeBps),
        }
      : given);

  const set = (patch: Partial<Form>) => setEdited({ ...form, ...patch });
  const setParam = (patch: Record<string, unknown>) => {
    const parsed = betParamsSchema.safeParse({ ...form.params, ...patch });
    if (parsed.success) set({ params: parsed.data });
  };
  const nonce = Number(form.nonce);
  const edge = Number(form.edgeBps);
  const seedOk = SEED.test(form.serverSeed);
  const picks = useMemo(() => parsePicks(form.picks), [form.picks]);
  const fairBet = useMemo(() => fairBetOf(form.params, picks ?? []), [form.params, picks]);
  // Tiles that are not a board's: not numbers, repeated, or more than it has safe tiles.
  const picksWrong = picks === null || !isOriginalBet(fairBet);
  const ready =
    picks !== null &&
    seedOk &&
    Number.isSafeInteger(nonce) &&
    nonce >= 0 &&
    Number.isInteger(edge) &&
    edge >= 0 &&
    edge < 10_000 &&
    isOriginalBet(fairBet);
  const outcome = useMemo(
    () => (ready ? play(fairBet, form.serverSeed, form.clientSeed, nonce, edge) : null),
    [ready, fairBet, form.serverSeed, form.clientSeed, nonce, edge],
  );
  const bet = stored.data;
  // The bet matches when the seed is the one committed to before it and the result is the same.
  const matches =
    bet && outcome && bet.serverSeed
      ? sha256Hex(form.serverSeed) === bet.serverSeedHash &&
        canonical({ ...outcome.result, win: outcome.win }) === canonical(bet.result)
      : null;

  return (
    <Stack spacing={2} data-testid="verifier">
      {bet && !bet.serverSeed && <Alert severity="info">{t('notRevealed')}</Alert>}
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            select
            label={t('game')}
            value={form.params.game}
            onChange={(e) => {
              const game = originalGames.find((g) => g === e.target.value) ?? 'dice';
              set({ params: defaultParams[game], picks: '' });
            }}
          >
            {originalGames.map((g) => (
              <MenuItem key={g} value={g}>
                {tGames(`${g}.name`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('serverSeed')}
            value={form.serverSeed}
            onChange={(e) => set({ serverSeed: e.target.value.trim().toLowerCase() })}
            error={form.serverSeed !== '' && !seedOk}
            helperText={form.serverSeed !== '' && !seedOk ? t('serverSeedInvalid') : undefined}
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          />
          <TextField
            label={t('clientSeed')}
            value={form.clientSeed}
            onChange={(e) => set({ clientSeed: e.target.value })}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('nonce')}
              type="number"
              value={form.nonce}
              onChange={(e) => set({ nonce: e.target.value })}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              fullWidth
            />
            <TextField
              label={t('edge')}
              type="number"
              value={form.edgeBps}
              onChange={(e) => set({ edgeBps: e.target.value })}
              helperText={t('edgeHelp')}
              slotProps={{ htmlInput: { min: 0, max: 9999, step: 1 } }}
              fullWidth
            />
          </Stack>
          {form.params.game === 'dice' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('target')}
                type="number"
                value={form.params.target}
                onChange={(e) => setParam({ target: Number(e.target.value) })}
                slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
                fullWidth
              />
              <TextField
                select
                label={t('side')}
                value={form.params.side}
                onChange={(e) => setParam({ side: e.target.value })}
                fullWidth
              >
                <MenuItem value="over">{t('over')}</MenuItem>
                <MenuItem value="under">{t('under')}</MenuItem>
              </TextField>
            </Stack>
          )}
          {form.params.game === 'limbo' && (
            <TextField
              label={t('target')}
              type="number"
              value={form.params.target}
              onChange={(e) => setParam({ target: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 1.01, step: 0.01 } }}
            />
          )}
          {form.params.game === 'mines' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('mines')}
                value={form.params.mines}
                onChange={(e) => setParam({ mines: Number(e.target.value) })}
                sx={{ minWidth: 120 }}
              >
                {MINES_COUNTS.map((count) => (
                  <MenuItem key={count} value={count}>
                    {count}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('picks')}
                value={form.picks}
                onChange={(e) => set({ picks: e.target.value })}
                error={picksWrong}
                helperText={picksWrong ? t('picksInvalid') : t('picksHelp')}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                fullWidth
              />
            </Stack>
          )}
          {form.params.game === 'plinko' && (
            <PlinkoSettings
              rows={form.params.rows}
              risk={form.params.risk}
              onChange={(next) => setParam(next)}
            />
          )}
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }} aria-live="polite">
        {outcome ? (
          <Stack spacing={1} data-testid="verified">
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {t('hash')}: <code data-testid="verified-hash">{sha256Hex(form.serverSeed)}</code>
            </Typography>
            {outcome.result.game === 'mines' ? (
              <>
                <Typography variant="h6" component="p" data-testid="verified-result">
                  {t('minesAt', { tiles: describe(outcome) })}
                </Typography>
                <VerifiedBoard result={outcome.result} />
              </>
            ) : (
              <Typography variant="h4" component="p" data-testid="verified-result">
                {describe(outcome)}
              </Typography>
            )}
            <Typography data-testid="verified-outcome">
              {outcome.win ? t('win', { multiplier: decimalText(outcome.multiplier) }) : t('loss')}
            </Typography>
            {matches !== null && (
              <Alert severity={matches ? 'success' : 'error'} data-testid="verified-match">
                {matches ? t('matches') : t('differs')}
              </Alert>
            )}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('fillIn')}</Typography>
        )}
      </Paper>
    </Stack>
  );
}
