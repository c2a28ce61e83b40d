'use client';

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFormatter, useTranslations } from 'next-intl';
import type { SupportProfile } from '@/lib/schemas/player';

type MemberInfo = SupportProfile['memberInfo'];
const fields = [
  'memberId',
  'memberUsername',
  'vipLevel',
  'balance',
  'totalDepositAmount',
  'totalWithdrawAmount',
  'companyIncome',
  'lastLoginDate',
  'loginType',
] as const satisfies ReadonlyArray<keyof MemberInfo>;

/** The member beside the conversation: who they are and their money with the house (memberInfo). */
export function MemberPanel({ info }: { info: MemberInfo }) {
  const t = useTranslations('backOffice.member');
  const format = useFormatter();
  const shown = (key: (typeof fields)[number]) => {
    const value = info[key];
    if (value === null) return '—';
    if (key === 'lastLoginDate') return format.dateTime(new Date(String(value)), 'short');
    if (key === 'totalDepositAmount' || key === 'totalWithdrawAmount' || key === 'companyIncome') {
      return `${value} USD`;
    }
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
