import { rooms, roomsFor } from '@/components/operator/rooms';
import { operatorRoles } from '@/lib/schemas/operator';
import en from '@/messages/en.json';

describe('the back-office rooms', () => {
  it('shows each role only the rooms the operator API lets it use', () => {
    const slugs = (role: (typeof operatorRoles)[number]) => roomsFor(role).map((r) => r.slug);
    expect(slugs('admin')).toEqual([
      'players',
      'payments',
      'support',
      'kyc',
      'risk',
      'settlement',
      'notices',
      'reports',
      'audit',
      'staff',
    ]);
    expect(slugs('payments')).toEqual(['players', 'payments', 'reports']);
    expect(slugs('support')).toEqual(['players', 'support', 'notices']);
    expect(slugs('risk')).toEqual(['players', 'kyc', 'risk', 'settlement']);
  });

  it('names every room in the messages', () => {
    const names = en.backOffice.rooms as Record<string, string>;
    for (const room of rooms)
      expect(names[room.label.replace('rooms.', '')]).toEqual(expect.any(String));
    expect(names.overview).toBe('Overview');
  });
});
