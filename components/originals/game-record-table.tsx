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
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { originalsApi } from '@/lib/api/originals';
import { originalsKeys } from '@/lib/api/queries/originals';
import { Link } from '@/lib/i18n/navigation';
import { products } from '@/lib/schemas/domain-events';
import type { GameRound } from '@/lib/schemas/originals';
import { formatAmount } from '@/lib/wallet/format';
import { errorMessage } from '@/components/auth/error-message';
import { betHref, originalGamesList } from './games';

const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

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
  const query = {
    product: products.find((p) => p === product),
    game: game || undefined,
  };
  const list = useInfiniteQuery({
    queryKey: [...originalsKeys.gameRecord, 'table', query],
    queryFn: ({ pageParam }) => originalsApi.gameRecord({ ...query, cursor: pageParam, limit: 20 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const gameName = (round: GameRound) => {
    const original = originalGamesList.find((g) => g === round.game);
    return round.product === 'originals' && original ? tGames(`${original}.name`) : round.game;
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
                <TableCell align="right">{t('payout')}</TableCell>
                <TableCell>{t('fairness')}</TableCell>
                <TableCell>{t('actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((round) => {
                const nonce = round.fairness?.nonce;
                const hash = round.fairness?.serverSeedHash;
                const original = round.product === 'originals';
                return (
                  <TableRow key={round.id} data-round={round.roundId}>
                    <TableCell>{when.format(new Date(round.createdAt))}</TableCell>
                    <TableCell>{gameName(round)}</TableCell>
                    <TableCell align="right">
                      {formatAmount(round.amount, locale)} {round.currency}
                    </TableCell>
                    <TableCell align="right">
                      {round.state === 'open' ? t('open') : formatAmount(round.payout, locale)}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
                      {original && typeof hash === 'string'
                        ? t('seedAndNonce', { hash: `${hash.slice(0, 10)}…`, nonce: String(nonce) })
                        : '—'}
                    </TableCell>
                    <TableCell>
                      {original && (
                        <Stack direction="row" spacing={1}>
                          <Link href={betHref(round.roundId)}>{t('details')}</Link>
                          {round.serverSeed ? (
                            <Link href={verifyHref(round)}>{t('verify')}</Link>
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
