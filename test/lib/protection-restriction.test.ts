import { activeRestriction, breakEnd } from '@/lib/server/protection/restriction';

/*
 * When a break ends and whether one is in force (restriction.ts): every stake, deposit and sign-in
 * asks, so the dates are checked to the millisecond, without a database.
 */
const from = new Date('2026-01-31T12:00:00.000Z');

describe('breakEnd', () => {
  it.each([
    ['1d', '2026-02-01T12:00:00.000Z'],
    ['3d', '2026-02-03T12:00:00.000Z'],
    ['1w', '2026-02-07T12:00:00.000Z'],
    ['2w', '2026-02-14T12:00:00.000Z'],
    ['6w', '2026-03-14T12:00:00.000Z'],
    // Calendar months and years, as the player chose them (31 January + 6 months: 31 July).
    ['6m', '2026-07-31T12:00:00.000Z'],
    ['1y', '2027-01-31T12:00:00.000Z'],
    ['5y', '2031-01-31T12:00:00.000Z'],
  ] as const)('a %s break from 31 January noon ends %s', (duration, end) => {
    expect(breakEnd(duration, from).toISOString()).toBe(end);
  });
});

describe('activeRestriction', () => {
  const now = from.getTime();
  const at = (ms: number) => new Date(now + ms);

  it('is none without a restriction, and a closure that never ends', () => {
    expect(activeRestriction({ restriction: null, restrictedUntil: at(60_000) }, now)).toBeNull();
    expect(activeRestriction({ restriction: 'closed', restrictedUntil: null }, now)).toEqual({
      kind: 'closed',
      until: null,
    });
  });

  it('is a time-out or self-exclusion until its last millisecond, and none from then on', () => {
    expect(activeRestriction({ restriction: 'time-out', restrictedUntil: at(1) }, now)).toEqual({
      kind: 'time-out',
      until: '2026-01-31T12:00:00.001Z',
    });
    expect(
      activeRestriction({ restriction: 'self-exclusion', restrictedUntil: at(86_400_000) }, now),
    ).toEqual({ kind: 'self-exclusion', until: '2026-02-01T12:00:00.000Z' });
    expect(activeRestriction({ restriction: 'time-out', restrictedUntil: at(0) }, now)).toBeNull();
    expect(activeRestriction({ restriction: 'time-out', restrictedUntil: at(-1) }, now)).toBeNull();
    expect(activeRestriction({ restriction: 'time-out', restrictedUntil: null }, now)).toBeNull();
  });

  it('reads the clock when not given a time', () => {
    const soon = new Date(Date.now() + 60_000);
    expect(activeRestriction({ restriction: 'time-out', restrictedUntil: soon })?.kind).toBe(
      'time-out',
    );
    const past = new Date(Date.now() - 60_000);
    expect(activeRestriction({ restriction: 'time-out', restrictedUntil: past })).toBeNull();
  });
});
