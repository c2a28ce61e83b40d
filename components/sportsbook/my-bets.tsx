'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { playerKeys } from '@/lib/api/queries/player';
import { myBetsQuery } from '@/lib/api/queries/sportsbook';
import { sportsApi } from '@/lib/api/sportsbook';
import { formatAmount } from '@/lib/wallet/format';
import type { SportsBet } from '@/lib/schemas/sportsbook';
import { authTabs } from '@/lib/site/modals';
import { errorMessage } from '@/components/auth/error-message';
import { useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { useSlip } from './slip-store';
import styles from './sportsbook.module.css';
import { useBookLabels } from './use-labels';

type State = 'open' | 'settled';

/**
 * My bets (bt-path=/bets): the player's open bets, and those settled or cashed out, newest first.
 * Rendered in the browser only, after sign-in: a shared page never carries anyone's bets.
 */
export default function MyBets() {
  const ts = useTranslations('sportsbookSlip');
  const session = useSession();
  const modal = useModal();
  const [state, setState] = useState<State>('open');
  if (session.status === 'loading') return <div aria-busy="true" style={{ minHeight: 200 }} />;
  if (session.status !== 'authenticated') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{ts('myBets.signIn')}</Typography>
        <Button variant="contained" onClick={() => modal.open('auth', { tab: authTabs.signIn })}>
          {ts('slip.signIn')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Tabs value={state} onChange={(_, v: State) => setState(v)} aria-label={ts('myBets.tabs')}>
        <Tab value="open" label={ts('myBets.open')} />
        <Tab value="settled" label={ts('myBets.settled')} />
      </Tabs>
      <BetList state={state} />
    </Stack>
  );
}

function BetList({ state }: { state: State }) {
  const ts = useTranslations('sportsbookSlip');
  const bets = useInfiniteQuery(myBetsQuery(state));
  if (bets.isPending) return <div aria-busy="true" style={{ minHeight: 200 }} />;
  const list = bets.data?.pages.flatMap((p) => p.bets) ?? [];
  if (!list.length) return <Typography color="text.secondary">{ts('myBets.empty')}</Typography>;
  return (
    <Stack spacing={1.5}>
      <ul className={styles.events} data-testid="my-bets">
        {list.map((bet) => (
          <BetCard key={bet.id} bet={bet} />
        ))}
      </ul>
      {bets.hasNextPage && (
        <Button
          variant="outlined"
          disabled={bets.isFetchingNextPage}
          onClick={() => void bets.fetchNextPage()}
        >
          {ts('myBets.more')}
        </Button>
      )}
    </Stack>
  );
}

function BetCard({ bet }: { bet: SportsBet }) {
  const { t, odds, marketTitle, outcome } = useBookLabels();
  const ts = useTranslations('sportsbookSlip');
  const format = useFormatter();
  const locale = useLocale();
  const money = (amount: string) => `${formatAmount(amount, locale)} ${bet.currency}`;
  return (
    <li className={styles.bet} data-testid="my-bet">
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>
          {bet.legs.length === 1
            ? ts('myBets.single')
            : ts('myBets.multiple', { count: bet.legs.length })}
          {bet.live && ` · ${t('live')}`}
        </Typography>
        <Chip size="small" label={ts(`myBets.states.${bet.state}`)} />
      </Stack>
      <ul className={styles.legs}>
        {bet.legs.map((leg, i) => (
          <li key={i}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {outcome(leg.market, leg.outcome, leg).pick} · {odds(leg.odds)}
              {leg.result && ` · ${ts(`myBets.results.${leg.result}`)}`}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('versus', { home: leg.home, away: leg.away })} · {marketTitle(leg.market)}
            </Typography>
          </li>
        ))}
      </ul>
      <dl className={styles.figures}>
        <div>
          <dt>{ts('myBets.stake')}</dt>
          <dd>{money(bet.stake)}</dd>
        </div>
        <div>
          <dt>{ts('myBets.odds')}</dt>
          <dd>{odds(bet.odds)}</dd>
        </div>
        <div>
          <dt>{bet.state === 'open' ? ts('myBets.potentialReturn') : ts('myBets.payout')}</dt>
          <dd>{money(bet.state === 'open' ? bet.potentialReturn : bet.payout)}</dd>
        </div>
      </dl>
      {bet.cashOut && <CashOutButton bet={bet} offer={bet.cashOut} />}
      <Typography variant="caption" color="text.secondary">
        {ts('myBets.placedAt', {
          time: format.dateTime(new Date(bet.createdAt), {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
        })}
      </Typography>
    </li>
  );
}

/** Closes an open single at the book's offer now, under the player's rule if the offer moves. */
function CashOutButton({ bet, offer }: { bet: SportsBet; offer: string }) {
  const ts = useTranslations('sportsbookSlip');
  const locale = useLocale();
  const slip = useSlip();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cashOut = async () => {
    setBusy(true);
    setError(null);
    try {
      await sportsApi.cashOut(bet.id, { amount: offer, oddsRule: slip.oddsRule }, locale);
    } catch (e) {
      setError(errorMessage(e, ts('slip.unavailable')));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: [...playerKeys.all, 'sports-bets'] });
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button variant="outlined" disabled={busy} onClick={() => void cashOut()}>
        {ts('myBets.cashOut', { amount: formatAmount(offer, locale), currency: bet.currency })}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
