'use client';

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { SupportProfile } from '@/lib/schemas/player';
import { formatAmount } from '@/lib/wallet/format';

type MemberInfo = SupportProfile['memberInfo'];
const fields = [
  'memberId',
  'memberUsername',
  'vipLevel',
  'balance',
  'withdrawOnlyBalance',
  'totalDepositAmount',
  'totalWithdrawAmount',
  'companyIncome',
  'lastLoginDate',
  'loginType',
] as const satisfies ReadonlyArray<keyof MemberInfo>;

/**
 * Balances as the platform sends them ("1.50000000 BTC", several joined by ", ", "0" for none) in
 * the staff member's number format, every digit kept.
 */
function cryptoAmounts(value: string, locale: string): string {
  return value
    .split(', ')
    .map((part) => {
      const [amount = '0', currency] = part.split(' ');
      const number = formatAmount(amount, locale, { minFraction: 0 });
      return currency ? `${number} ${currency}` : number;
    })
    .join(', ');
}

/**
 * The member beside the conversation: who they are and their money with the house (memberInfo),
 * the withdraw-only balance beside the balance.
 */
export function MemberPanel({ info }: { info: MemberInfo }) {
  const t = useTranslations('backOffice.member');
  const format = useFormatter();
  const locale = useLocale();
  const shown = (key: (typeof fields)[number]) => {
    const value = info[key];
    if (value === null) return '—';
    if (key === 'lastLoginDate') {
      return format.dateTime(new Date(String(value)), { dateStyle: 'medium', timeStyle: 'short' });
    }
    if (key === 'totalDepositAmount' || key === 'totalWithdrawAmount' || key === 'companyIncome') {
      return format.number(Number(value), { style: 'currency', currency: 'USD' });
    }
    if (key === 'vipLevel') return format.number(Number(value));
    if (key === 'balance' || key === 'withdrawOnlyBalance')
      return cryptoAmounts(String(value), locale);
    return String(value);
  };
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-labelledby="member-title"
      sx={{ p: 2, width: 280, flexShrink: 0, overflowY: 'auto' }}
      data-testid="member-panel"
    >
      <Typography id="member-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <dl style={{ margin: 0 }}>
        {fields.map((key) => (
          <div key={key}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(key)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1 }}>
              {shown(key)}
            </Typography>
          </div>
        ))}
      </dl>
    </Paper>
  );
}
