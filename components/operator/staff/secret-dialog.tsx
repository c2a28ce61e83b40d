'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { AddressQr } from '@/components/wallet/address-qr';

/** A TOTP secret, shown once (new account, reset): scanned or typed into the authenticator now. */
export function SecretDialog({
  name,
  secret,
  otpauthUrl,
  onClose,
}: {
  name: string;
  secret: string;
  otpauthUrl: string;
  onClose: () => void;
}) {
  const t = useTranslations('backOffice.staff');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('secretTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('secretExplain')}</DialogContentText>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <AddressQr value={otpauthUrl} label={t('qr', { name })} />
          <TextField
            fullWidth
            label={t('secret')}
            value={secret}
            slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
