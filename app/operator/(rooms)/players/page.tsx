import { PlayersRoom } from '@/components/operator/players/players-room';

/** Players found by whatever staff know of them: member id, name, contact, address, IP. */
export default function PlayersPage() {
  return <PlayersRoom />;
}
