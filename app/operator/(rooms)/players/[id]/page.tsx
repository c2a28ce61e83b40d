import { PlayerView } from '@/components/operator/players/player-view';

/** One player, everything a staff member needs about them and what they may do. */
export default async function PlayerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PlayerView id={id} />;
}
