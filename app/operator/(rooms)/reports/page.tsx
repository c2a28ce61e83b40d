import { ReportsRoom } from '@/components/operator/reports/reports-room';

/** GGR, bonus cost and NGR by day and product, the day's counts, and the CSV of a range. */
export default function ReportsPage() {
  return <ReportsRoom />;
}
