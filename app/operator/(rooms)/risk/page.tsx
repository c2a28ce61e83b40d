import { RiskRoom } from '@/components/operator/risk/risk-room';

/** Requests waiting for a second pair of eyes, and the risk flags raised on players. */
export default function RiskPage() {
  return <RiskRoom />;
}
