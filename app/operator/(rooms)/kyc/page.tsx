import { KycRoom } from '@/components/operator/kyc/kyc-room';

/** Levels 2 and 3 waiting for a reviewer, each case with its documents shown inside the room. */
export default function KycPage() {
  return <KycRoom />;
}
