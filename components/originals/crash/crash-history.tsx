'use client';

import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import type { CrashPast } from '@/lib/schemas/crash';
import { Link } from '@/lib/i18n/navigation';
import { multiplierText } from './multiplier-text';

/** The recent rounds' crash points, newest first; each opens the verifier with its hash. */
export function CrashHistory({ history }: { history: CrashPast[] }) {
  const t = useTranslations('originals.crash');
  const shown = history.filter((r) => r.state === 'busted' && r.hash && r.crashUnits);
  return (
    <nav aria-label={t('history')}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('history')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        component="ul"
        sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}
      >
        {shown.map((r) => (
          <li key={r.id}>
            <Chip
              component={Link}
              href={`/x-games/verify?crashGame=${r.game}&crashHash=${r.hash}`}
              clickable
              label={multiplierText(r.crashUnits!)}
              aria-label={t('historyItem', {
                game: r.game,
                multiplier: multiplierText(r.crashUnits!),
              })}
              variant={r.crashUnits! >= 200 ? 'filled' : 'outlined'}
              size="small"
            />
          </li>
        ))}
      </Stack>
      {/* The latest hash in full: anyone may check it, and every earlier game, against the commitment. */}
      {shown[0] && (
        <Typography
          variant="caption"
          component="p"
          data-testid="crash-last-hash"
          sx={{ mt: 1, wordBreak: 'break-all', color: 'text.secondary' }}
        >
          {t('lastRound', {
            game: shown[0].game,
            multiplier: multiplierText(shown[0].crashUnits!),
            hash: shown[0].hash!,
          })}
        </Typography>
      )}
    </nav>
  );
}
