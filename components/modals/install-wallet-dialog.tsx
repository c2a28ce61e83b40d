'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { WalletExtension } from '@/lib/site/modals';
import { ModalFrame } from './modal-frame';
import { useModal } from './use-modal';
import type { ModalProps } from './registry';

const installUrls: Record<WalletExtension, string> = {
  metamask: 'https://metamask.io/download/',
  phantom: 'https://phantom.com/download',
};

/** Shown when a wallet sign-in finds no extension ('Metamask is not installed on your browser'). */
export default function InstallWalletDialog({ name }: ModalProps) {
  const t = useTranslations('installWallet');
  const { close } = useModal();
  const wallet: WalletExtension =
    useSearchParams().get('wallet') === 'phantom' ? 'phantom' : 'metamask';

  return (
    <ModalFrame title={t('title')} onClose={() => close(name)} testId="install-wallet-dialog">
      <Stack spacing={2}>
        <Typography>{t(`${wallet}Missing`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('help')}
        </Typography>
        <Button
          variant="header"
          href={installUrls[wallet]}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t(`${wallet}Install`)}
        </Button>
      </Stack>
    </ModalFrame>
  );
}
