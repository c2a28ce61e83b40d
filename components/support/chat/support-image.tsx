'use client';

import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo } from 'react';
import { apiDownload } from '@/lib/api/client';

/**
 * An image of the conversation: the platform answers it only with the player's token, which an
 * <img> cannot send, so it is fetched and shown from memory.
 */
export function SupportImage({ path }: { path: string }) {
  const t = useTranslations('supportChat');
  const relative = path.replace(/^\/api\/v1/, '');
  const { data, isError } = useQuery({
    queryKey: ['player', 'support-image', relative],
    queryFn: () => apiDownload(relative).then((r) => r.blob),
    staleTime: Infinity,
  });
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (isError) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('imageFailed')}
      </Typography>
    );
  }
  if (!url) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a blob: address, not an optimizable file
    <img
      src={url}
      alt={t('image')}
      style={{ maxWidth: '100%', borderRadius: 6, display: 'block' }}
    />
  );
}
