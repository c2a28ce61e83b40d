'use client';

import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import type { CrashRound } from '@/lib/schemas/crash';
import { formatAmount } from '@/lib/wallet/format';
import { multiplierText } from './multiplier-text';

/** The round's players, live: each bet, and where it cashed out (or that it crashed). */
export function CrashPlayers({ round }: { round: CrashRound | null }) {
  const t = useTranslations('originals.crash');
  const locale = useLocale();
  const players = round?.players ?? [];
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="crash-players-title" sx={{ mb: 1 }}>
        {t('players', { count: players.length })}
      </Typography>
      {players.length === 0 ? (
        <Typography color="text.secondary">{t('noPlayers')}</Typography>
      ) : (
        <Table size="small" aria-labelledby="crash-players-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('player')}</TableCell>
              <TableCell align="right">{t('bet')}</TableCell>
              <TableCell align="right">{t('cashedOut')}</TableCell>
              <TableCell align="right">{t('payout')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {players.map((p) => (
              <TableRow key={p.id} data-testid="crash-player">
                <TableCell>{p.player ?? t('hidden')}</TableCell>
                <TableCell align="right">
                  {formatAmount(p.amount, locale)} {p.currency}
                </TableCell>
                <TableCell align="right">
                  {p.state === 'cashed_out'
                    ? multiplierText(p.cashedUnits ?? 100)
                    : p.state === 'busted'
                      ? t('crashed')
                      : p.state === 'refunded'
                        ? t('refundedShort')
                        : t('inPlay')}
                </TableCell>
                <TableCell align="right">
                  {p.payout === null ? '—' : `${formatAmount(p.payout, locale)} ${p.currency}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
