'use client';

import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useTranslations } from 'next-intl';
import type { SessionBalance } from '@/components/session/session-context';

/** The player's balance; when it could not be fetched, a loading icon says 'balance not available'. */
export function BalanceButton({ balance }: { balance: SessionBalance | null }) {
  const t = useTranslations('header');
  if (!balance) {
    return (
      <Tooltip title={t('balanceUnavailable')}>
        <Box
          component="span"
          tabIndex={0}
          role="status"
          aria-label={t('balanceUnavailable')}
          data-testid="balance-unavailable"
          sx={{ display: 'inline-flex', alignItems: 'center', px: 1, color: 'text.secondary' }}
        >
          <HourglassEmptyIcon fontSize="small" />
        </Box>
      </Tooltip>
    );
  }
  return (
    <Box
      data-testid="balance"
      sx={{
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        bgcolor: 'background.neutral',
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
    >
      {balance.amount} {balance.currency}
    </Box>
  );
}
