'use client';

import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { formatAmount } from '@/lib/wallet/format';
import type { SessionBalance, SessionWallet } from '@/components/session/session-context';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { CurrencyMenu } from '@/components/wallet/currency-menu';
import { useFiatValue } from '@/components/wallet/use-fiat-view';

type Props = { balance: SessionBalance | null; wallet?: SessionWallet | null };

/**
 * The player's balance in the navbar currency (or its value in fiat when the player views in
 * fiat), with the withdraw-only balance beside it when there is one; it opens the currency
 * selector. When the balance could not be fetched, a loading icon says 'balance not available'.
 */
export function BalanceButton({ balance, wallet = null }: Props) {
  const t = useTranslations('header');
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const fiat = useFiatValue(wallet?.fiatCurrency);
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
  const shown = (value: string) =>
    fiat.inFiat(balance.currency, value) ?? `${formatAmount(value, locale)} ${balance.currency}`;
  const amount = shown(balance.amount);
  // Money that can only be withdrawn (a deposit past a limit or during a break), beside the balance.
  const withdrawOnly =
    balance.withdrawOnly && /[1-9]/.test(balance.withdrawOnly) ? shown(balance.withdrawOnly) : null;
  return (
    <>
      <ButtonBase
        data-testid="balance"
        aria-label={
          withdrawOnly
            ? t('balanceLabelWithdrawOnly', { amount, withdrawOnly })
            : t('balanceLabel', { amount })
        }
        aria-haspopup="dialog"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={!wallet}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{
          pl: 1.5,
          pr: 0.5,
          py: 0.75,
          borderRadius: 1,
          bgcolor: 'background.neutral',
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          typography: 'body2',
        }}
      >
        {withdrawOnly ? (
          <Box
            component="span"
            sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}
          >
            <span>{amount}</span>
            <Box
              component="span"
              data-testid="balance-withdraw-only"
              sx={{ typography: 'caption', lineHeight: 1.2, color: 'text.secondary' }}
            >
              {t('withdrawOnly', { amount: withdrawOnly })}
            </Box>
          </Box>
        ) : (
          amount
        )}
        <ArrowDropDownIcon fontSize="small" />
      </ButtonBase>
      {wallet && anchor && (
        <LazyMessages namespaces={['walletMenu']}>
          <CurrencyMenu
            wallet={wallet}
            anchor={anchor}
            id={menuId}
            onClose={() => setAnchor(null)}
          />
        </LazyMessages>
      )}
    </>
  );
}
