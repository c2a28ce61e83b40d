'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import type { DocumentKind, KycDocument } from '@/lib/schemas/kyc';
import { StatusChip } from '@/components/wallet/status-chip';
import { RefusalReason } from './refusal-reason';
import { reviewColor } from './review-color';

/** One document a level asks for: its state, and a button to send (or send again) the file. */
export function DocumentRow({
  kind,
  document,
  accept,
  disabled,
  busy,
  onFile,
}: {
  kind: DocumentKind;
  document: KycDocument | undefined;
  accept: string;
  disabled: boolean;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const t = useTranslations('verification');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      data-testid={`document-${kind}`}
    >
      <Stack spacing={0.5}>
        <Typography variant="body2">{t(`document.${kind}`)}</Typography>
        {document && (
          <RefusalReason
            reason={document.reason}
            note={document.note}
            variant="caption"
            color="text.secondary"
          />
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {document && (
          <StatusChip color={reviewColor(document.status)} label={t(`status.${document.status}`)} />
        )}
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
        <Button
          size="small"
          variant="outlinedSecondary"
          disabled={disabled}
          loading={busy}
          onClick={() => input.current?.click()}
          aria-label={t('uploadLabel', { document: t(`document.${kind}`) })}
        >
          {document ? t('replace') : t('upload')}
        </Button>
      </Stack>
    </Stack>
  );
}
