'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** The WalletConnect pairing: a QR code for a phone wallet, the link for a wallet on this device. */
export function WalletConnectQr({ uri, onCancel }: { uri: string; onCancel: () => void }) {
  const t = useTranslations('authForm.walletConnect');
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(uri, { margin: 1, width: 240 }).then((data) => live && setImage(data)),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }} data-testid="walletconnect-qr" data-uri={uri}>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('scan')}
      </Typography>
      {image ? (
        <Box
          component="img"
          src={image}
          alt={t('qrAlt')}
          width={240}
          height={240}
          sx={{ bgcolor: 'common.white', borderRadius: 1 }}
        />
      ) : (
        <CircularProgress aria-label={t('qrAlt')} />
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="outlinedSecondary" href={uri}>
          {t('openWallet')}
        </Button>
        <Button
          variant="outlinedSecondary"
          onClick={() => void navigator.clipboard?.writeText(uri)}
        >
          {t('copy')}
        </Button>
      </Stack>
      <Button onClick={onCancel}>{t('cancel')}</Button>
    </Stack>
  );
}
