import { SupportInbox } from '@/components/operator/support/support-inbox';

/** The support inbox: conversations by status, one open beside the member's panel. */
export default function SupportRoom() {
  return <SupportInbox />;
}
