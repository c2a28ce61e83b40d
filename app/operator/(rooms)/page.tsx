import { OverviewRoom } from '@/components/operator/overview/overview-room';

/** `/operator`: every role's first page, the queues waiting for it and today's figures. */
export default function OverviewPage() {
  return <OverviewRoom />;
}
