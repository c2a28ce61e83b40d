'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { brandMethodNames } from '@/lib/account/user-agent';
import { languageName } from '@/lib/i18n/language-name';
import type { PlayerPage } from '@/lib/schemas/back-office-players';
import { Section } from './section';

const dash = (value: ReactNode) => value ?? '—';

/** The refusals a failed sign-in records (its API error code). */
const signInReasons = ['INVALID_CREDENTIALS', 'INVALID_2FA', 'ACCOUNT_BLOCKED'] as const;
const isSignInReason = (reason: string | null): reason is (typeof signInReasons)[number] =>
  (signInReasons as readonly (string | null)[]).includes(reason);

/** Who the player is: contact, status, language, sign-in method, breaks. */
export function ProfileSection({ page }: { page: PlayerPage }) {
  const t = useTranslations('backOffice.players');
  const format = useFormatter();
  const locale = useLocale();
  const p = page.profile;
  const when = (at: string | null) =>
    at ? format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const rows: Array<[string, ReactNode]> = [
    [t('profile.memberId'), p.memberId],
    [t('profile.email'), p.email],
    [t('profile.phone'), p.phone],
    [t('profile.language'), languageName(locale, p.language)],
    [t('profile.vipLevel'), p.vipLevel],
    [
      t('profile.loginType'),
      p.loginType === 'email' || p.loginType === 'phone'
        ? t(`loginTypes.${p.loginType}`)
        : brandMethodNames[p.loginType],
    ],
    [t('profile.twoFactor'), p.twoFactorEnabled ? t('yes') : t('no')],
    [
      t('profile.restriction'),
      p.restriction
        ? `${t(`restriction.${p.restriction}`)}${p.restrictedUntil ? ` · ${when(p.restrictedUntil)}` : ''}`
        : null,
    ],
    [t('profile.joined'), when(p.createdAt)],
    [t('profile.lastLogin'), when(p.lastLoginAt)],
  ];
  return (
    <Section id="profile" title={t('sections.profile')}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          gap: 0.5,
          columnGap: 2,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              {dash(value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

/** A small table in a section: scrolls sideways on a phone, reachable by keyboard. */
function SmallTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((c, j) => (
                <TableCell key={j}>{c}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function KycSection({ page }: { page: PlayerPage }) {
  const t = useTranslations('backOffice.players');
  const kyc = useTranslations('verification');
  return (
    <Section id="kyc" title={t('sections.kyc')}>
      <Typography sx={{ mb: 1 }}>{t('kycLevel', { level: page.kyc.level })}</Typography>
      {page.kyc.levels.length + page.kyc.documents.length === 0 ? (
        <Typography color="text.secondary">{t('kycNone')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {page.kyc.levels.map((l) => (
            <Chip
              key={l.level}
              size="small"
              label={`${t('kycLevel', { level: l.level })}: ${kyc(`status.${l.status}`)}`}
            />
          ))}
          {page.kyc.documents.map((d) => (
            <Chip
              key={d.id}
              size="small"
              variant="outlined"
              label={`${kyc(`document.${d.kind}`)}: ${kyc(`status.${d.status}`)}`}
            />
          ))}
        </Box>
      )}
    </Section>
  );
}

export function BalancesSection({ page }: { page: PlayerPage }) {
  const t = useTranslations('backOffice.players');
  return (
    <Section id="balances" title={t('sections.balances')}>
      {page.balances.length === 0 ? (
        <Typography color="text.secondary">{t('noBalances')}</Typography>
      ) : (
        <SmallTable
          label={t('sections.balances')}
          head={[t('columns.currency'), t('columns.kind'), t('columns.balance')]}
          rows={page.balances.map((b) => [b.currency, t(`kinds.${b.kind}`), b.balance])}
        />
      )}
    </Section>
  );
}

export function LimitsSection({ page }: { page: PlayerPage }) {
  const t = useTranslations('backOffice.players');
  return (
    <Section id="limits" title={t('sections.limits')}>
      {page.limits.length === 0 ? (
        <Typography color="text.secondary">{t('noLimits')}</Typography>
      ) : (
        <SmallTable
          label={t('sections.limits')}
          head={[t('columns.limit'), t('columns.amount'), t('columns.pending')]}
          rows={page.limits.map((l) => [
            `${t(`limitKinds.${l.kind}`)} · ${t(`periods.${l.period}`)}`,
            l.amount === null ? '—' : `${l.amount} USD`,
            l.pendingAt
              ? l.pendingAmount === null
                ? t('removal')
                : `${l.pendingAmount} USD`
              : '—',
          ])}
        />
      )}
    </Section>
  );
}

export function SignInsSection({ page }: { page: PlayerPage }) {
  const t = useTranslations('backOffice.players');
  const format = useFormatter();
  const device = (d: PlayerPage['signIns'][number]) =>
    [d.browser, d.os, t(`devices.${d.device}`)].filter(Boolean).join(' · ');
  return (
    <Section id="sign-ins" title={t('sections.signIns')}>
      <Typography sx={{ mb: 1 }}>{t('liveSessions', { count: page.sessions.length })}</Typography>
      <SmallTable
        label={t('sections.signIns')}
        head={[t('columns.time'), t('columns.ip'), t('columns.device'), t('columns.outcome')]}
        rows={page.signIns.map((s) => [
          format.dateTime(new Date(s.createdAt), { dateStyle: 'short', timeStyle: 'short' }),
          dash(s.ip),
          <span key="d" title={s.deviceId ?? undefined}>
            {device(s)}
          </span>,
          s.success
            ? t('signInOk')
            : isSignInReason(s.reason)
              ? `${t('signInFailed')} (${t(`signInReasons.${s.reason}`)})`
              : t('signInFailed'),
        ])}
      />
    </Section>
  );
}

export function FlagsSection({ page }: { page: PlayerPage }) {
  const t = useTranslations('backOffice.players');
  const kind = useTranslations('backOffice.risk.kinds');
  return (
    <Section id="flags" title={t('sections.flags')}>
      {page.flags.length === 0 ? (
        <Typography color="text.secondary">{t('noFlags')}</Typography>
      ) : (
        <SmallTable
          label={t('sections.flags')}
          head={[t('columns.signal'), t('columns.source'), t('columns.state')]}
          rows={page.flags.map((f) => [
            kind(f.kind),
            <code key="s">{f.source}</code>,
            f.closedAt ? `${t('flagClosed')}: ${f.note ?? ''}` : t('flagOpen'),
          ])}
        />
      )}
    </Section>
  );
}
