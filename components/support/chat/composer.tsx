'use client';

import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { supportApi } from '@/lib/api/support';
import { SUPPORT_TEXT_MAX, type SupportMessage } from '@/lib/schemas/support';

/**
 * Writing to support: Enter sends (Shift+Enter starts a new line), the clip sends an image. A
 * refusal (too many messages, a file that is not an image) is shown in the platform's words.
 */
export function Composer({
  onSent,
  onTyping,
}: {
  onSent: (message: SupportMessage) => void;
  onTyping: () => void;
}) {
  const t = useTranslations('supportChat');
  const locale = useLocale();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  const run = async (send: () => Promise<SupportMessage>) => {
    setBusy(true);
    setError(null);
    try {
      onSent(await send());
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : t('sendFailed'));
      return false;
    } finally {
      setBusy(false);
      field.current?.focus();
    }
  };

  const submit = async () => {
    if (!text.trim() || busy) return;
    if (await run(() => supportApi.send(text, locale))) setText('');
  };

  return (
    <Stack spacing={1}>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <IconButton
          aria-label={t('attach')}
          disabled={busy}
          onClick={() => picker.current?.click()}
        >
          <AttachFileIcon />
        </IconButton>
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          aria-label={t('attach')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void run(() => supportApi.sendImage(file, locale));
          }}
        />
        <TextField
          inputRef={field}
          label={t('messageLabel')}
          placeholder={t('placeholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onTyping();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: SUPPORT_TEXT_MAX } }}
        />
        <IconButton
          color="primary"
          aria-label={t('send')}
          onClick={() => void submit()}
          disabled={busy || !text.trim()}
        >
          <SendIcon />
        </IconButton>
      </Stack>
    </Stack>
  );
}
