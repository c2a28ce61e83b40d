import { SettlementRoom } from '@/components/operator/settlement/settlement-room';

/** The sportsbook's open events by what the book stands to lose: results entered, events voided. */
export default function SettlementPage() {
  return <SettlementRoom />;
}
