import type { ReactNode } from 'react';
import { BackOfficeFrame } from '@/components/operator/back-office-frame';

export default function RoomsLayout({ children }: { children: ReactNode }) {
  return <BackOfficeFrame>{children}</BackOfficeFrame>;
}
