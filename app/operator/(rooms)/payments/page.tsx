import { PaymentsRoom } from '@/components/operator/payments/payments-room';

/** Withdrawals by state, worked from here: approve, reject, retry, release. */
export default function PaymentsPage() {
  return <PaymentsRoom />;
}
