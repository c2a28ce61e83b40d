'use client';

import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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
import { addDays, isValid, parseISO, startOfDay } from 'date-fns';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { walletKeys } from '@/lib/api/queries/wallet';
import { walletApi } from '@/lib/api/wallet';
import { ledgerTypes, type TransactionsQuery, type WalletTransaction } from '@/lib/schemas/wallet';
import { toCsv } from '@/lib/wallet/csv';
import { formatAmount } from '@/lib/wallet/format';
import { errorMessage } from '@/components/auth/error-message';
import { useSession } from '@/components/session/session-context';
import { StatusChip, statusColor } from './status-chip';

type Filters = { type: string; currency: string; from: string; to: string };
const EMPTY: Filters = { type: '', currency: '', from: '', to: '' };
/** CSV export reads at most this many pages of 100. */
const EXPORT_PAGES = 50;

/** The filters as the transactions call takes them: whole local days, `to` inclusive. */
function queryOf(filters: Filters): Partial<TransactionsQuery> {
  const day = (value: string) => {
    const date = parseISO(value);
    return isValid(date) ? startOfDay(date) : null;
  };
  const from = day(filters.from);
  const to = day(filters.to);
  return {
    type: filterTypes.find((t) => t === filters.type),
    currency: filters.currency || undefined,
    from: from?.toISOString(),
    to: to ? addDays(to, 1).toISOString() : undefined,
  };
}

/** A withdrawal is one row (type withdrawal): its hold and release are never listed apart. */
const filterTypes = ledgerTypes.filter((type) => type !== 'hold' && type !== 'release');

/** An empty filter shows "All" (a select's empty value is otherwise drawn as nothing). */
const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * The transactions account page: type, currency and date filters, pages of 20 (more on demand),
 * each row's change of the balance (what is still held below it), a withdrawal's fee, its status,
 * and the explorer link of its on-chain transaction; the filtered history downloads as CSV.
 */
export function TransactionsTable() {
  const t = useTranslations('wallet.transactions');
  const tWallet = useTranslations('wallet');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const session = useSession();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [exporting, setExporting] = useState(false);
  const query = queryOf(filters);
  const list = useInfiniteQuery({
    queryKey: [...walletKeys.transactions, 'table', query],
    queryFn: ({ pageParam }) => walletApi.transactions({ ...query, cursor: pageParam, limit: 20 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: e.target.value }));

  async function exportCsv() {
    setExporting(true);
    try {
      const all: WalletTransaction[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < EXPORT_PAGES; page += 1) {
        const answer = await walletApi.transactions({ ...query, cursor, limit: 100 });
        all.push(...answer.data);
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
      const csv = toCsv([
        [
          'date',
          'type',
          'subtype',
          'round',
          'currency',
          'amount',
          'fee',
          'held',
          'stake',
          'bonus',
          'receivable',
          'status',
          'network',
          'txHash',
        ],
        ...all.map((r) => [
          r.createdAt,
          r.type,
          r.subtype,
          r.roundId,
          r.currency,
          r.amount,
          r.fee,
          r.held,
          r.balances.stake,
          r.balances.bonus,
          r.balances.receivable,
          r.status,
          r.network,
          r.txHash,
        ]),
      ]);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'transactions.csv';
      link.click();
      URL.revokeObjectURL(url);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        component="form"
        aria-label={t('filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          select
          size="small"
          label={t('type')}
          value={filters.type}
          onChange={set('type')}
          slotProps={showAll}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {filterTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={tWallet('currency')}
          value={filters.currency}
          onChange={set('currency')}
          slotProps={showAll}
          sx={{ minWidth: 130 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {(session.wallet?.balances ?? []).map((b) => (
            <MenuItem key={b.currency} value={b.currency}>
              {b.currency}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={t('from')}
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        />
        <TextField
          size="small"
          type="date"
          label={t('to')}
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
        />
        <Button
          variant="outlinedSecondary"
          sx={{ whiteSpace: 'nowrap' }}
          startIcon={<DownloadIcon />}
          onClick={() => void exportCsv()}
          loading={exporting}
        >
          {t('csv')}
        </Button>
      </Stack>

      {list.isError && (
        <Alert severity="error">{errorMessage(list.error, tErrors('anErrorOccurred'))}</Alert>
      )}
      {/* Wider than a phone (or than a long hash): a region the keyboard can scroll. */}
      <TableContainer tabIndex={0} role="region" aria-label={t('table')}>
        <Table size="small" aria-label={t('table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('date')}</TableCell>
              <TableCell>{t('type')}</TableCell>
              <TableCell align="right">{t('amount')}</TableCell>
              <TableCell align="right">{t('fee')}</TableCell>
              <TableCell>{t('status')}</TableCell>
              <TableCell>{t('onChain')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const credit = !r.amount.startsWith('-') && /[1-9]/.test(r.amount);
              return (
                <TableRow key={`${r.id}-${r.currency}`} data-testid="transaction-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {when.format(new Date(r.createdAt))}
                  </TableCell>
                  <TableCell>
                    {t(`types.${r.type}`)}
                    {r.roundId && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t('round', { id: r.roundId })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      fontVariantNumeric: 'tabular-nums',
                      whiteSpace: 'nowrap',
                      color: credit ? 'success.main' : 'text.primary',
                    }}
                  >
                    {credit ? '+' : ''}
                    {formatAmount(r.amount, locale)} {r.currency}
                    {(
                      [
                        ['held', r.held],
                        ['stakeChange', r.balances.stake],
                        ['bonusChange', r.balances.bonus],
                        ['owedChange', r.balances.receivable],
                      ] as const
                    ).map(
                      ([label, amount]) =>
                        /[1-9]/.test(amount) && (
                          <Typography
                            key={label}
                            variant="caption"
                            color="text.secondary"
                            component="div"
                          >
                            {t(label, { amount: formatAmount(amount, locale) })}
                          </Typography>
                        ),
                    )}
                  </TableCell>
                  <TableCell
                    align="right"
                    data-testid="transaction-fee"
                    sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {r.fee === null ? '—' : `${formatAmount(r.fee, locale)} ${r.currency}`}
                  </TableCell>
                  <TableCell>
                    <StatusChip color={statusColor(r.status)} label={t(`statuses.${r.status}`)} />
                  </TableCell>
                  <TableCell>
                    {/* The platform gives the explorer's page; a local chain has none: the hash alone. */}
                    {r.explorerUrl && r.txHash ? (
                      <Link href={r.explorerUrl} target="_blank" rel="noopener noreferrer">
                        {t('explorer', { hash: `${r.txHash.slice(0, 10)}…` })}
                      </Link>
                    ) : r.txHash ? (
                      <span title={r.txHash}>{`${r.txHash.slice(0, 10)}…`}</span>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {!list.isPending && rows.length === 0 && (
        <Typography color="text.secondary">{t('empty')}</Typography>
      )}
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('more')}
        </Button>
      )}
    </Stack>
  );
}
