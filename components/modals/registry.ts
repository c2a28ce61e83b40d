import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { ModalName } from '@/lib/site/modals';

export type ModalProps = { name: ModalName };

const auth = dynamic(() => import('./auth-dialog'), { ssr: false });

/** Every query-parameter modal, each loaded only when it is opened. */
export const modalRegistry: Record<ModalName, ComponentType<ModalProps>> = {
  auth,
  authRequired: auth,
  wallet: dynamic(() => import('./wallet-dialog'), { ssr: false }),
  'reset-password': dynamic(() => import('./reset-password-dialog'), { ssr: false }),
  'install-wallet': dynamic(() => import('./install-wallet-dialog'), { ssr: false }),
};
