import type { OperatorRole } from '@/lib/schemas/operator';

/**
 * The back office's rooms: each is a folder under app/operator/(rooms)/ and a line here (its
 * address, its name's message key, the roles that see it). The overview (`/operator` itself) is
 * every role's and comes first. The operator API checks the roles
 * again on every call; this only keeps the menu to what a staff member may open.
 */
export const rooms = [
  { slug: 'players', label: 'rooms.players', roles: ['admin', 'support', 'payments', 'risk'] },
  { slug: 'payments', label: 'rooms.payments', roles: ['admin', 'payments'] },
  { slug: 'support', label: 'rooms.support', roles: ['admin', 'support'] },
  { slug: 'kyc', label: 'rooms.kyc', roles: ['admin', 'risk'] },
  { slug: 'risk', label: 'rooms.risk', roles: ['admin', 'risk'] },
  { slug: 'settlement', label: 'rooms.settlement', roles: ['admin', 'risk'] },
  { slug: 'notices', label: 'rooms.notices', roles: ['admin', 'support'] },
  { slug: 'reports', label: 'rooms.reports', roles: ['admin', 'payments'] },
  { slug: 'audit', label: 'rooms.audit', roles: ['admin'] },
  { slug: 'staff', label: 'rooms.staff', roles: ['admin'] },
] as const satisfies ReadonlyArray<{ slug: string; label: string; roles: readonly OperatorRole[] }>;

export const roomsFor = (role: OperatorRole) =>
  rooms.filter((room) => (room.roles as readonly OperatorRole[]).includes(role));
