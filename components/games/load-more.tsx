'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import styles from './game-card.module.css';

/** The load-more bar under a grid (spec §2): progress shown / total, then 'no more data'. */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  const t = useTranslations('games');
  return (
    <Stack
      spacing={1}
      sx={{ alignItems: 'center', py: 3, maxWidth: 320, mx: 'auto' }}
      data-testid="load-more"
    >
      <Typography variant="body2" color="text.secondary" data-testid="load-progress">
        {t('shown', { shown, total })}
      </Typography>
      {/* A native progress bar: the role and values come with it, MUI's bar cost 4 KiB of script. */}
      <progress
        max={total || 1}
        value={total ? Math.min(shown, total) : 1}
        aria-label={t('shown', { shown, total })}
        className={styles.progress}
      />
      {hasMore ? (
        <Button
          variant="outlinedPrimary"
          onClick={onMore}
          loading={loading}
          data-testid="load-more-button"
        >
          {t('loadMore')}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="no-more-data">
          {t('noMoreData')}
        </Typography>
      )}
    </Stack>
  );
}
