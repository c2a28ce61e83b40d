'use client';

import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import type { TransactionsPage } from '@/lib/schemas/wallet';
import { useOperatorApi } from '../operator-api';
import { Section } from './section';

const PAGE = 25;

/** The player's ledger history as they see it, newest first, a page more at a time. */
export function LedgerSection({ userId }: { userId: string }) {
  const t = useTranslations('backOffice.players');
  const format = useFormatter();
  const api = useOperatorApi();
  const ledger = useInfiniteQuery({
    queryKey: ['operator', 'player', userId, 'ledger'],
    queryFn: ({ pageParam }) =>
      api<TransactionsPage>(
        `/operator/players/${userId}/ledger?limit=${PAGE}${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = ledger.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Section id="ledger" title={t('sections.ledger')}>
      {ledger.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">{t('noLedger')}</Typography>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label={t('sections.ledger')}>
          <Table size="small" aria-label={t('sections.ledger')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.time')}</TableCell>
                <TableCell>{t('columns.type')}</TableCell>
                <TableCell align="right">{t('columns.amount')}</TableCell>
                <TableCell>{t('columns.reference')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={`${row.id}:${row.currency}`}>
                  <TableCell>
                    {format.dateTime(new Date(row.createdAt), {
                      dateStyle: 'short',
                      timeStyle: 'short',
                    })}
                  </TableCell>
                  <TableCell>{t(`ledgerTypes.${row.type}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.amount} {row.currency}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {row.id}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {ledger.hasNextPage && (
        <Button
          onClick={() => void ledger.fetchNextPage()}
          loading={ledger.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {t('more')}
        </Button>
      )}
    </Section>
  );
}
