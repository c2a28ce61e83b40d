'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { originalsApi } from '@/lib/api/originals';
import { openMinesQuery, originalsKeys, seedsQuery } from '@/lib/api/queries/originals';
import { Link } from '@/lib/i18n/navigation';
import { clientSeedSchema, type Rotated } from '@/lib/schemas/originals';
import { errorMessage } from '@/components/auth/error-message';

const readOnly = { input: { readOnly: true } } as const;

/** A new client seed offered in the field: random, so a player who just rotates gets a fresh one. */
const freshClientSeed = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * The fairness dialog: the active pair (server seed hash, client seed, nonce), the next server
 * seed's hash committed before the player picks a new client seed, and the rotation that reveals
 * the active server seed — with a link to check every bet it drew.
 */
export function FairnessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations('originals.fairness');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const seeds = useQuery({ ...seedsQuery(), enabled: open });
  // A Mines game finishes on the pair it was drawn from: no rotation until it ends.
  const inPlay = Boolean(useQuery({ ...openMinesQuery(), enabled: open }).data);
  const [clientSeed, setClientSeed] = useState(freshClientSeed);
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = clientSeedSchema.safeParse(clientSeed);

  async function rotate() {
    if (!checked.success) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await originalsApi.rotate(checked.data, locale);
      setRotated(answer);
      setClientSeed(freshClientSeed());
      queryClient.setQueryData(originalsKeys.seeds, { active: answer.active, next: answer.next });
      void queryClient.invalidateQueries({ queryKey: originalsKeys.gameRecord });
    } catch (e) {
      setError(errorMessage(e, tErrors('anErrorOccurred')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="fairness-title">
      <DialogTitle id="fairness-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          {seeds.isError && (
            <Alert severity="error">{errorMessage(seeds.error, tErrors('anErrorOccurred'))}</Alert>
          )}
          <TextField
            label={t('activeHash')}
            value={seeds.data?.active.serverSeedHash ?? ''}
            slotProps={readOnly}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('activeClientSeed')}
              value={seeds.data?.active.clientSeed ?? ''}
              slotProps={readOnly}
              fullWidth
            />
            <TextField
              label={t('nonce')}
              value={seeds.data?.active.nonce ?? ''}
              slotProps={readOnly}
              sx={{ maxWidth: 140 }}
            />
          </Stack>
          <TextField
            label={t('nextHash')}
            value={seeds.data?.next.serverSeedHash ?? ''}
            slotProps={readOnly}
          />
          <TextField
            label={t('newClientSeed')}
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            error={!checked.success}
            helperText={checked.success ? t('newClientSeedHelp') : t('clientSeedInvalid')}
          />
          {inPlay && <Alert severity="info">{t('minesInPlay')}</Alert>}
          {error && <Alert severity="error">{error}</Alert>}
          {rotated && (
            <Alert severity="success" data-testid="rotated">
              <Stack spacing={1}>
                <span>{t('rotated', { count: rotated.previous.nonce })}</span>
                <TextField
                  label={t('revealedSeed')}
                  value={rotated.previous.serverSeed}
                  slotProps={readOnly}
                  size="small"
                />
                {rotated.previous.nonce > 0 && (
                  <Link href="/account-management/game-record" onClick={onClose}>
                    {t('verifyLast')}
                  </Link>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
        <Button
          variant="contained"
          onClick={rotate}
          disabled={busy || !checked.success || !seeds.data || inPlay}
        >
          {t('rotate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
