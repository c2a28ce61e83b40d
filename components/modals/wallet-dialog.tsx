'use client';

import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { walletTabs } from '@/lib/site/modals';
import { ModalFrame } from './modal-frame';
import { useModal } from './use-modal';
import type { ModalProps } from './registry';

/** The wallet (tab=deposit by default): a bottom sheet on small screens. */
export default function WalletDialog({ name }: ModalProps) {
  const t = useTranslations('wallet');
  const search = useSearchParams();
  const router = useRouter();
  const { close, hrefFor } = useModal();
  const tab = search.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';

  return (
    <ModalFrame
      title={t('title')}
      onClose={() => close(name)}
      bottomSheetOnSmall
      maxWidth="sm"
      testId="wallet-dialog"
    >
      <Tabs
        value={tab}
        onChange={(_e, value: string) =>
          router.replace(hrefFor(name, { tab: value }), { scroll: false })
        }
        sx={{ mb: 2 }}
      >
        {walletTabs.map((w) => (
          <Tab key={w} value={w} label={t(w)} />
        ))}
      </Tabs>
      <Typography variant="body2" color="text.secondary" role="tabpanel" data-tab={tab}>
        {t(`${tab}Intro`)}
      </Typography>
    </ModalFrame>
  );
}
