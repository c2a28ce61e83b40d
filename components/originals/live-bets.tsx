'use client';

import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { liveBetsQuery } from '@/lib/api/queries/originals';
import { Link } from '@/lib/i18n/navigation';
import type { LiveBets as Feed } from '@/lib/schemas/originals';
import { formatAmount } from '@/lib/wallet/format';
import { usePlatformSocket } from '@/components/session/platform-socket';
import { betHref, originalGamesList } from './games';

const FEED_SIZE = 20;

type LiveBet = Feed['latest'][number];
const TEXT_FIELDS = ['id', 'currency', 'amount', 'multiplier', 'payout', 'createdAt'] as const;

/** A socket payload the feed can show: checked by hand, so the page does not load zod for it. */
function isLiveBet(value: unknown): value is LiveBet {
  if (typeof value !== 'object' || value === null) return false;
  const bet = value as Record<string, unknown>;
  return (
    TEXT_FIELDS.every((field) => typeof bet[field] === 'string') &&
    originalGamesList.some((game) => game === bet.game) &&
    (bet.player === null || typeof bet.player === 'string')
  );
}

/**
 * The live feed: the latest bets and the week's big wins. Guests read the cached feed every few
 * seconds; a signed-in page also hears each bet on its socket as it settles.
 */
export function LiveBets() {
  const t = useTranslations('originals.live');
  const tGames = useTranslations('originals.games');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const feed = useQuery(liveBetsQuery());
  const socket = usePlatformSocket();
  const [tab, setTab] = useState<'latest' | 'bigWins'>('latest');

  useEffect(() => {
    if (!socket) return;
    const onBet = (payload: unknown) => {
      if (!isLiveBet(payload)) return;
      queryClient.setQueryData<Feed>(liveBetsQuery().queryKey, (old) =>
        old && !old.latest.some((b) => b.id === payload.id)
          ? { ...old, latest: [payload, ...old.latest].slice(0, FEED_SIZE) }
          : old,
      );
    };
    socket.on('originals:bet', onBet);
    return () => {
      socket.off('originals:bet', onBet);
    };
  }, [socket, queryClient]);

  const rows = feed.data?.[tab] ?? [];
  return (
    <TableContainer component="section" aria-labelledby="live-bets-title" data-testid="live-bets">
      <Typography id="live-bets-title" variant="h6" component="h2">
        {t('title')}
      </Typography>
      <Tabs value={tab} onChange={(_, value: typeof tab) => setTab(value)} aria-label={t('title')}>
        <Tab value="latest" label={t('latest')} />
        <Tab value="bigWins" label={t('bigWins')} />
      </Tabs>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('empty')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('game')}</TableCell>
              <TableCell>{t('player')}</TableCell>
              <TableCell align="right">{t('amount')}</TableCell>
              <TableCell align="right">{t('multiplier')}</TableCell>
              <TableCell align="right">{t('payout')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((bet) => (
              <TableRow key={bet.id}>
                <TableCell>
                  <Link href={betHref(bet.id)}>{tGames(`${bet.game}.name`)}</Link>
                </TableCell>
                <TableCell>{bet.player ?? t('hidden')}</TableCell>
                <TableCell align="right">
                  {formatAmount(bet.amount, locale)} {bet.currency}
                </TableCell>
                <TableCell align="right">{`${bet.multiplier}×`}</TableCell>
                <TableCell align="right">{formatAmount(bet.payout, locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TableContainer>
  );
}
