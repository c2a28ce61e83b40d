'use client';

import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { onceMoreIfUnanswered } from '@/lib/api/client';
import { playerKeys } from '@/lib/api/queries/player';
import { sportsEventQuery } from '@/lib/api/queries/sportsbook';
import { sportsApi } from '@/lib/api/sportsbook';
import { Link } from '@/lib/i18n/navigation';
import type { OddsRule } from '@/lib/schemas/sportsbook';
import { authTabs } from '@/lib/site/modals';
import { sportsHref } from '@/lib/site/paths';
import {
  addDecimals,
  combinable,
  combinedOdds,
  isSlipStake,
  potentialReturn,
  type SlipSelection,
} from '@/lib/sportsbook/slip';
import { themeConfig } from '@/lib/theme/theme-config';
import { errorMessage } from '@/components/auth/error-message';
import { useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { selectionKey, updateSlip, useSlip, type SlipMode } from './slip-store';
import { useBookLabels } from './use-labels';

const rules: OddsRule[] = ['higher', 'any', 'none'];
const ruleLabel = { any: 'ruleAny', higher: 'ruleHigher', none: 'ruleNone' } as const;

/** Each selection's price now, from its event as the book lists it (null: no longer offered). */
function useCurrentOdds(selections: SlipSelection[]): Map<string, number | null> {
  const ids = [...new Set(selections.map((s) => s.eventId))];
  const events = useQueries({ queries: ids.map((id) => sportsEventQuery(id)) });
  const now = new Map<string, number | null>();
  for (const s of selections) {
    const event = events[ids.indexOf(s.eventId)];
    if (!event?.data) continue;
    const market = event.data.markets.find((m) => m.id === s.marketId);
    now.set(selectionKey(s), market?.outcomes.find((o) => o.key === s.outcome)?.odds ?? null);
  }
  return now;
}

/**
 * The bet slip: the picks with their prices kept current, singles (a stake each) or a multiple
 * (one stake), what to do if a price moves, the potential return, and placement. A drawer at the
 * side, a bottom sheet on phones; loaded the first time it opens.
 */
export default function BetSlip() {
  const { odds } = useBookLabels();
  const ts = useTranslations('sportsbookSlip');
  const locale = useLocale();
  const slip = useSlip();
  const session = useSession();
  const modal = useModal();
  const queryClient = useQueryClient();
  const titleId = useId();
  const phone = useMediaQuery(`(max-width:${themeConfig.shellBreakpoints.bottomBar - 0.05}px)`, {
    noSsr: true,
  });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [placed, setPlaced] = useState(0);
  const current = useCurrentOdds(slip.selections);
  const currency = session.balance?.currency ?? 'USDT';
  const signedIn = session.status === 'authenticated';

  const priceOf = (s: SlipSelection) => {
    const now = current.get(selectionKey(s));
    return now === undefined ? s.odds : now;
  };
  const multiple = slip.mode === 'multiple' && combinable(slip.selections);
  const canCombine = combinable(slip.selections);
  const open = slip.selections.filter((s) => priceOf(s) !== null);
  const close = () => updateSlip((s) => ({ ...s, open: false }));
  const setMode = (mode: SlipMode) => updateSlip((s) => ({ ...s, mode }));
  const remove = (s: SlipSelection) =>
    updateSlip((slip) => ({
      ...slip,
      selections: slip.selections.filter((x) => selectionKey(x) !== selectionKey(s)),
    }));

  const singleBets = slip.selections.filter((s) => isSlipStake(slip.stakes[selectionKey(s)] ?? ''));
  const count = multiple ? 1 : singleBets.length;
  const ready = multiple
    ? open.length === slip.selections.length && isSlipStake(slip.multipleStake)
    : singleBets.length > 0 && singleBets.every((s) => priceOf(s) !== null);

  const send = (selections: SlipSelection[], amount: string) => {
    const body = {
      currency,
      amount: amount.trim(),
      oddsRule: slip.oddsRule,
      idempotencyKey: crypto.randomUUID(),
      selections: selections.map((s) => ({
        marketId: s.marketId,
        outcome: s.outcome,
        odds: priceOf(s)!,
      })),
    };
    return onceMoreIfUnanswered(() => sportsApi.placeBet(body, locale));
  };

  const place = async () => {
    if (!signedIn) {
      modal.open('auth', { tab: authTabs.signIn });
      return;
    }
    setBusy(true);
    setErrors({});
    setPlaced(0);
    const failed: Record<string, string> = {};
    const done: string[] = [];
    const fallback = ts('slip.unavailable');
    if (multiple) {
      try {
        await send(slip.selections, slip.multipleStake);
        done.push(...slip.selections.map(selectionKey));
      } catch (error) {
        failed.multiple = errorMessage(error, fallback);
      }
    } else {
      // One bet per single, one after another: each answers for itself.
      for (const s of singleBets) {
        try {
          await send([s], slip.stakes[selectionKey(s)]!);
          done.push(selectionKey(s));
        } catch (error) {
          failed[selectionKey(s)] = errorMessage(error, fallback);
        }
      }
    }
    const taken = multiple ? (done.length ? 1 : 0) : done.length;
    updateSlip((s) => ({
      ...s,
      selections: s.selections.filter((x) => !done.includes(selectionKey(x))),
      stakes: Object.fromEntries(Object.entries(s.stakes).filter(([k]) => !done.includes(k))),
      multipleStake: multiple && taken ? '' : s.multipleStake,
    }));
    setErrors(failed);
    setPlaced(taken);
    setBusy(false);
    if (taken) void queryClient.invalidateQueries({ queryKey: [...playerKeys.all, 'sports-bets'] });
  };

  const returns = multiple
    ? potentialReturn(
        slip.multipleStake,
        open.map((s) => priceOf(s)!),
      )
    : singleBets
        .filter((s) => priceOf(s) !== null)
        .map((s) => potentialReturn(slip.stakes[selectionKey(s)]!, [priceOf(s)!]))
        .reduce((a, b) => addDecimals(a, b), '0');

  return (
    <Drawer
      open={slip.open}
      onClose={close}
      anchor={phone ? 'bottom' : 'right'}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: phone ? '100%' : 380, maxHeight: phone ? '85vh' : '100%', p: 2 },
        },
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {ts('slip.title')}
        </Typography>
        <IconButton aria-label={ts('slip.close')} onClick={close} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      {placed > 0 && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {ts('slip.placed', { count: placed })}{' '}
          <Link href={sportsHref('/bets')} onClick={close}>
            {ts('slip.viewBets')}
          </Link>
        </Alert>
      )}
      {slip.selections.length === 0 ? (
        <Typography color="text.secondary">{ts('slip.empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          <Tabs
            value={multiple ? 'multiple' : 'singles'}
            onChange={(_, mode: SlipMode) => setMode(mode)}
            variant="fullWidth"
            aria-label={ts('slip.kind')}
          >
            <Tab value="singles" label={ts('slip.singles')} />
            <Tab value="multiple" label={ts('slip.multiple')} disabled={!canCombine} />
          </Tabs>
          {slip.selections.length >= 2 && !canCombine && (
            <Typography variant="body2" color="text.secondary">
              {ts('slip.sameEvent')}
            </Typography>
          )}
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {slip.selections.map((s) => {
              const key = selectionKey(s);
              const now = priceOf(s);
              return (
                <li key={key} data-testid="slip-selection">
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <div>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {s.pick}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        <Link href={sportsHref(s.btPath)} onClick={close}>
                          {s.match}
                        </Link>
                      </Typography>
                    </div>
                    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
                      <Typography sx={{ fontWeight: 700 }}>
                        {now === null ? ts('slip.unavailable') : odds(now)}
                      </Typography>
                      <IconButton
                        size="small"
                        aria-label={ts('slip.remove', { selection: s.pick })}
                        onClick={() => remove(s)}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </Stack>
                  </Stack>
                  {now !== null && now !== s.odds && (
                    <Typography variant="caption" color="warning.main" role="status">
                      {ts('slip.oddsMoved', { from: odds(s.odds), to: odds(now) })}
                    </Typography>
                  )}
                  {!multiple && (
                    <StakeField
                      label={ts('slip.stakeFor', { selection: s.pick, currency })}
                      value={slip.stakes[key] ?? ''}
                      invalid={ts('slip.stakeInvalid')}
                      onChange={(value) =>
                        updateSlip((x) => ({ ...x, stakes: { ...x.stakes, [key]: value } }))
                      }
                    />
                  )}
                  {errors[key] && (
                    <Alert severity="error" sx={{ mt: 1 }}>
                      {errors[key]}
                    </Alert>
                  )}
                </li>
              );
            })}
          </Stack>
          {multiple && (
            <>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography>{ts('slip.totalOdds')}</Typography>
                <Typography data-testid="slip-total-odds" sx={{ fontWeight: 700 }}>
                  {odds(combinedOdds(open.map((s) => priceOf(s)!)))}
                </Typography>
              </Stack>
              <StakeField
                label={ts('slip.stake', { currency })}
                value={slip.multipleStake}
                invalid={ts('slip.stakeInvalid')}
                onChange={(multipleStake) => updateSlip((x) => ({ ...x, multipleStake }))}
              />
              {errors.multiple && <Alert severity="error">{errors.multiple}</Alert>}
            </>
          )}
          <TextField
            select
            size="small"
            label={ts('slip.oddsRule')}
            value={slip.oddsRule}
            onChange={(e) => updateSlip((x) => ({ ...x, oddsRule: e.target.value as OddsRule }))}
          >
            {rules.map((rule) => (
              <MenuItem key={rule} value={rule}>
                {ts(`slip.${ruleLabel[rule]}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>{ts('slip.potentialReturn')}</Typography>
            <Typography data-testid="slip-return" sx={{ fontWeight: 700 }}>
              {returns} {currency}
            </Typography>
          </Stack>
          <Button
            variant="contained"
            size="large"
            disabled={busy || (signedIn && !ready)}
            onClick={() => void place()}
          >
            {signedIn ? ts('slip.place', { count: Math.max(count, 1) }) : ts('slip.signIn')}
          </Button>
          <Button variant="text" onClick={() => updateSlip((x) => ({ ...x, selections: [] }))}>
            {ts('slip.clear')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

function StakeField({
  label,
  value,
  invalid,
  onChange,
}: {
  label: string;
  value: string;
  invalid: string;
  onChange: (value: string) => void;
}) {
  const bad = value.trim() !== '' && !isSlipStake(value);
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      value={value}
      inputMode="decimal"
      error={bad}
      helperText={bad ? invalid : undefined}
      onChange={(e) => onChange(e.target.value)}
      sx={{ mt: 1 }}
    />
  );
}
