'use client';

import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { profileApi } from '@/lib/api/profile';
import { playerKeys } from '@/lib/api/queries/player';
import { AVATAR_MAX_BYTES } from '@/lib/schemas/profile';
import { errorMessage } from '@/components/auth/error-message';

/**
 * The avatar: a PNG, JPEG or WebP up to 5 MB, which the platform crops square around what matters
 * in it and keeps small; or none (the initial shows).
 */
export function AvatarCard({ avatar, name }: { avatar: string | null; name: string }) {
  const t = useTranslations('myAccount');
  const te = useTranslations('errors');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setResult(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: playerKeys.profile });
      setResult({ ok: true, text: done });
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    } finally {
      setBusy(false);
    }
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      setResult({ ok: false, text: t('avatarTooLarge') });
      return;
    }
    void run(() => profileApi.uploadAvatar(file, locale), t('avatarSaved'));
  };

  return (
    <Card component="section" aria-labelledby="avatar-title" data-testid="avatar-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="avatar-title" variant="h6" component="h2">
            {t('avatarTitle')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              src={avatar ? `${avatar}?size=128` : undefined}
              alt={t('avatarAlt', { name })}
              sx={{ width: 72, height: 72 }}
            >
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Typography variant="body2" color="text.secondary">
              {t('avatarIntro')}
            </Typography>
          </Stack>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            aria-label={t('avatarChoose')}
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="header" loading={busy} onClick={() => input.current?.click()}>
              {t('avatarChoose')}
            </Button>
            {avatar && (
              <Button
                variant="outlinedSecondary"
                disabled={busy}
                onClick={() => void run(() => profileApi.removeAvatar(locale), t('avatarRemoved'))}
              >
                {t('avatarRemove')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
