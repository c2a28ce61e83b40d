'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { originalsApi } from '@/lib/api/originals';
import { originalsConfigQuery, originalsKeys } from '@/lib/api/queries/originals';
import { Link } from '@/lib/i18n/navigation';
import { products } from '@/lib/schemas/domain-events';
import type { GameRound } from '@/lib/schemas/originals';
import { formatAmount } from '@/lib/wallet/format';
import { errorMessage } from '@/components/auth/error-message';
import { betHref, originalGamesList } from './games';

const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** An original's result as its game shows it: the roll, the multiplier reached, the bucket. */
function resultOf(result: unknown): string {
  if (typeof result !== 'object' || result === null) return '—';
  const r = result as Record<string, unknown>;
  if (typeof r.roll === 'number') return r.roll.toFixed(2);
  if (typeof r.result === 'number') return `${r.result.toFixed(2)}×`;
  if (typeof r.bucket === 'number') return String(r.bucket);
  return '—';
}

/** The verifier's address for an original's round whose seed is revealed. */
const verifyHref = (round: GameRound) => `/x-games/verify?bet=${round.roundId}`;

/**
 * The game record account page: every round of every product, newest first, 20 at a time; an
 * original's row shows its nonce and seed hash, links to its bet page, and to the verifier once
 * its server seed is revealed.
 */
export function GameRecordTable() {
  const t = useTranslations('originals.record');
  const tGames = useTranslations('originals.games');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const [product, setProduct] = useState('');
  const [game, setGame] = useState('');
  const [currency, setCurrency] = useState('');
  const config = useQuery(originalsConfigQuery());
  const query = {
    product: products.find((p) => p === product),
    game: game || undefined,
    currency: currency || undefined,
  };
  const list = useInfiniteQuery({
    queryKey: [...originalsKeys.gameRecord, 'table', query],
    queryFn: ({ pageParam }) => originalsApi.gameRecord({ ...query, cursor: pageParam, limit: 20 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const tBet = useTranslations('originals.bet');
  const gameName = (round: GameRound) => {
    if (round.product !== 'originals') return round.gameName ?? round.game;
    if (round.game === 'crash') return tGames('crash.name');
    const original = originalGamesList.find((g) => g === round.game);
    return original ? tGames(`${original}.name`) : round.game;
  };

  return (
    <Stack spacing={2} data-testid="game-record">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('product')}
          value={product}
          onChange={(e) => setProduct(e.target.value)}
          slotProps={showAll}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {products.map((p) => (
            <MenuItem key={p} value={p}>
              {t(`products.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('game')}
          value={game}
          onChange={(e) => setGame(e.target.value)}
          slotProps={showAll}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {originalGamesList.map((g) => (
            <MenuItem key={g} value={g}>
              {tGames(`${g}.name`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('currency')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          slotProps={showAll}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {(config.data?.limits ?? []).map(({ currency: c }) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isError && (
        <Alert severity="error">{errorMessage(list.error, tErrors('anErrorOccurred'))}</Alert>
      )}
      {list.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('time')}</TableCell>
                <TableCell>{t('game')}</TableCell>
                <TableCell align="right">{t('amount')}</TableCell>
                <TableCell>{t('result')}</TableCell>
                <TableCell align="right">{t('payout')}</TableCell>
                <TableCell>{t('fairness')}</TableCell>
                <TableCell>{t('actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((round) => {
                const f = round.fairness ?? {};
                const hash = f.serverSeedHash;
                // A Crash bet has no seed pair nor bet page: its round verifies on /x-games/verify.
                const original = round.product === 'originals' && round.game !== 'crash';
                const timeId = `round-${round.id}-time`;
                return (
                  <TableRow key={round.id} data-round={round.roundId}>
                    <TableCell id={timeId}>
                      {original ? (
                        <Link href={betHref(round.roundId)}>
                          {when.format(new Date(round.createdAt))}
                        </Link>
                      ) : (
                        when.format(new Date(round.createdAt))
                      )}
                    </TableCell>
                    <TableCell>{gameName(round)}</TableCell>
                    <TableCell align="right">
                      {formatAmount(round.amount, locale)} {round.currency}
                    </TableCell>
                    <TableCell data-testid="round-result">{resultOf(f.result)}</TableCell>
                    <TableCell align="right">
                      {round.state === 'open' ? t('open') : formatAmount(round.payout, locale)}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
                      {original && typeof hash === 'string' ? (
                        <>
                          {t('seedAndNonce', {
                            hash: `${hash.slice(0, 10)}…`,
                            nonce: String(f.nonce),
                          })}
                          <br />
                          {tBet('mappingValue', {
                            version: String(f.mappingVersion),
                            edge: String(f.edgeBps ?? '—'),
                            table: String(f.tableId ?? '—'),
                          })}
                        </>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>
                      {original && (
                        <Stack direction="row" spacing={1}>
                          {round.serverSeed ? (
                            <Link href={verifyHref(round)} aria-describedby={timeId}>
                              {t('verify')}
                            </Link>
                          ) : (
                            <Typography variant="caption" color="text.secondary">
                              {t('notRevealed')}
                            </Typography>
                          )}
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('more')}
        </Button>
      )}
    </Stack>
  );
}
