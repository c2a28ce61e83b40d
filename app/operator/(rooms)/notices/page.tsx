import { NoticesRoom } from '@/components/operator/notices/notices-room';

/** Notices to players: written per language, scheduled, withdrawn, their reach and reads counted. */
export default function NoticesPage() {
  return <NoticesRoom />;
}
