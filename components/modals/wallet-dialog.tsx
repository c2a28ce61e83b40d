'use client';

import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { walletTabs } from '@/lib/site/modals';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { DepositTab } from '@/components/wallet/deposit-tab';
import { WithdrawTab } from '@/components/wallet/withdraw-tab';
import { useSession } from '@/components/session/session-context';
import { ModalFrame } from './modal-frame';
import { useModal } from './use-modal';
import type { ModalProps } from './registry';

/** The wallet (tab=deposit by default): a bottom sheet on small screens. Its texts load with it. */
export default function WalletDialog(props: ModalProps) {
  return (
    <LazyMessages namespaces={['wallet']}>
      <Wallet {...props} />
    </LazyMessages>
  );
}

function Wallet({ name }: ModalProps) {
  const t = useTranslations('wallet');
  const search = useSearchParams();
  const router = useRouter();
  const { close, hrefFor } = useModal();
  const { restrictedSession } = useSession();
  // During a break the wallet only withdraws (the platform hands out no deposit address).
  const tab = search.get('tab') === 'withdraw' || restrictedSession ? 'withdraw' : 'deposit';

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
          <Tab
            key={w}
            value={w}
            label={t(w)}
            id={`wallet-tab-${w}`}
            aria-controls="wallet-panel"
            disabled={w === 'deposit' && restrictedSession}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="wallet-panel" aria-labelledby={`wallet-tab-${tab}`} data-tab={tab}>
        {tab === 'deposit' ? <DepositTab /> : <WithdrawTab />}
      </Box>
    </ModalFrame>
  );
}
