'use client';

import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import type { Bet } from '@/lib/schemas/originals';
import { formatAmount } from '@/lib/wallet/format';
import { betHref } from './games';

/** The player's bets of this visit, newest first, each linking to its bet page. */
export function MyBets({ bets }: { bets: Bet[] }) {
  const t = useTranslations('originals.myBets');
  const locale = useLocale();
  if (!bets.length) return null;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
  return (
    <TableContainer component="section" aria-labelledby="my-bets-title">
      <Typography id="my-bets-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Table size="small" data-testid="my-bets">
        <TableHead>
          <TableRow>
            <TableCell>{t('time')}</TableCell>
            <TableCell align="right">{t('amount')}</TableCell>
            <TableCell align="right">{t('multiplier')}</TableCell>
            <TableCell align="right">{t('payout')}</TableCell>
            <TableCell>{t('nonce')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bets.map((bet) => (
            <TableRow key={bet.id}>
              <TableCell>
                <Link href={betHref(bet.id)}>{time.format(new Date(bet.createdAt))}</Link>
              </TableCell>
              <TableCell align="right">
                {formatAmount(bet.amount, locale)} {bet.currency}
              </TableCell>
              <TableCell align="right">{`${bet.multiplier}×`}</TableCell>
              <TableCell align="right" sx={{ color: bet.win ? 'success.main' : 'text.secondary' }}>
                {formatAmount(bet.payout, locale)}
              </TableCell>
              <TableCell>{bet.nonce}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
