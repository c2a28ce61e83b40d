'use client';

import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { brandMethodNames } from '@/lib/account/user-agent';
import { signInHistoryQuery } from '@/lib/api/security';
import { StatusChip } from '@/components/wallet/status-chip';
import { useDeviceLabel } from './use-device-label';

/** Every sign-in into the account, won or lost: when, how, from where. */
export function SignInHistoryCard() {
  const t = useTranslations('security');
  const tm = useTranslations('security.method');
  const te = useTranslations('errors');
  const format = useFormatter();
  const deviceLabel = useDeviceLabel();
  const history = useInfiniteQuery(signInHistoryQuery());
  const events = history.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <Card component="section" aria-labelledby="history-title" data-testid="sign-in-history">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="history-title" variant="h6" component="h2">
            {t('historyTitle')}
          </Typography>
          {history.isError && (
            <Typography color="error" variant="body2">
              {te('anErrorOccurred')}
            </Typography>
          )}
          {history.isSuccess && events.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('historyEmpty')}
            </Typography>
          )}
          {events.length > 0 && (
            <Stack sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="history-title">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('when')}</TableCell>
                    <TableCell>{t('how')}</TableCell>
                    <TableCell>{t('device')}</TableCell>
                    <TableCell>{t('address')}</TableCell>
                    <TableCell>{t('result')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {events.map((e) => (
                    <TableRow key={e.id} data-testid="sign-in-event" data-success={e.success}>
                      <TableCell>
                        {format.dateTime(new Date(e.createdAt), {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        })}
                      </TableCell>
                      <TableCell>
                        {e.loginType === 'email' || e.loginType === 'phone'
                          ? tm(e.loginType)
                          : brandMethodNames[e.loginType]}
                      </TableCell>
                      <TableCell>{deviceLabel(e)}</TableCell>
                      <TableCell>{e.ip ?? '—'}</TableCell>
                      <TableCell>
                        <StatusChip
                          color={e.success ? 'success' : 'error'}
                          label={e.success ? t('succeeded') : t('failed')}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Stack>
          )}
          {history.hasNextPage && (
            <Button
              variant="outlinedSecondary"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('showMore')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
