'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { Fragment, useState } from 'react';
import { crashStateQuery } from '@/lib/api/queries/originals';
import { crashPointUnits, nextChainHash } from '@/lib/fairness/crash';
import { multiplierText } from './multiplier-text';

const HEX64 = /^[0-9a-f]{64}$/;
/** Hashes per slice of work: the page stays responsive while a long chain is walked. */
const SLICE = 5_000;

type Checked = { crashUnits: number; inChain: boolean | null };

/**
 * Crash's commitment and any revealed round checked in the browser: the crash point from the game
 * hash and the salt, and the hash walked forward `game` times to the committed terminating hash.
 */
export function CrashVerifier() {
  const t = useTranslations('originals.crashVerify');
  const format = useFormatter();
  const search = useSearchParams();
  const state = useQuery(crashStateQuery());
  const commitment = state.data?.commitment ?? null;
  const [hash, setHash] = useState(search.get('crashHash') ?? '');
  const [game, setGame] = useState(search.get('crashGame') ?? '');
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);

  const saltText = !commitment
    ? ''
    : commitment.salt === null
      ? t('saltPending', { height: commitment.saltHeight ?? 0 })
      : `${commitment.salt} (${
          commitment.saltKind === 'demo'
            ? t('demoSalt')
            : t('bitcoinSalt', { height: commitment.saltHeight ?? 0 })
        })`;
  const hashOk = HEX64.test(hash.trim());
  const gameNumber = Number(game);
  const gameOk = Number.isInteger(gameNumber) && gameNumber >= 1;

  const verify = async () => {
    if (!commitment?.salt || !hashOk || !gameOk) return;
    setChecking(true);
    setChecked(null);
    const start = hash.trim();
    const crashUnits = crashPointUnits(start, commitment.salt, commitment.edgeBps);
    let walked = start;
    for (let done = 0; done < gameNumber; done += SLICE) {
      const stop = Math.min(gameNumber, done + SLICE);
      for (let i = done; i < stop; i += 1) walked = nextChainHash(walked);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    setChecked({ crashUnits, inChain: walked === commitment.terminatingHash });
    setChecking(false);
  };

  return (
    <Paper component="section" aria-labelledby="crash-verify-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h2" id="crash-verify-title">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('intro')}</Typography>
        {commitment && (
          <Box component="dl" data-testid="crash-commitment" sx={{ m: 0 }}>
            {[
              [t('terminatingHash'), commitment.terminatingHash],
              [t('length'), format.number(commitment.length)],
              [
                t('edge'),
                format.number(commitment.edgeBps / 10_000, {
                  style: 'percent',
                  maximumFractionDigits: 2,
                }),
              ],
              [t('salt'), saltText],
              [t('formula'), commitment.formula],
              [
                t('committedAt'),
                format.dateTime(new Date(commitment.committedAt), {
                  dateStyle: 'medium',
                  timeStyle: 'medium',
                }),
              ],
            ].map(([term, value]) => (
              <Fragment key={term}>
                <Typography component="dt" variant="subtitle2">
                  {term}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mb: 1, wordBreak: 'break-all' }}>
                  {value}
                </Typography>
              </Fragment>
            ))}
          </Box>
        )}
        <TextField
          label={t('gameHash')}
          value={hash}
          onChange={(e) => setHash(e.target.value)}
          error={hash !== '' && !hashOk}
          helperText={hash !== '' && !hashOk ? t('hashInvalid') : ' '}
        />
        <TextField
          label={t('gameNumber')}
          value={game}
          onChange={(e) => setGame(e.target.value)}
          error={game !== '' && !gameOk}
          helperText={game !== '' && !gameOk ? t('gameInvalid') : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button
          variant="contained"
          onClick={() => void verify()}
          disabled={checking || !hashOk || !gameOk || !commitment?.salt}
        >
          {checking ? t('checking') : t('verify')}
        </Button>
        {checked && (
          <Alert severity={checked.inChain ? 'success' : 'error'} data-testid="crash-verified">
            {t('result', { multiplier: multiplierText(checked.crashUnits) })}{' '}
            {checked.inChain
              ? t('inChain', { game: gameNumber })
              : t('notInChain', { game: gameNumber })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
