import type { Promotion } from '@/lib/content';

export type PromotionState = 'upcoming' | 'active' | 'ended';

export function promotionState(promotion: Promotion, now: Date): PromotionState {
  if (Date.parse(promotion.startsAt) > now.getTime()) return 'upcoming';
  if (promotion.endsAt && Date.parse(promotion.endsAt) <= now.getTime()) return 'ended';
  return 'active';
}

/** What the lists show: running promotions, then coming ones; an ended one only keeps its page. */
export function listedPromotions(promotions: Promotion[], now: Date): Promotion[] {
  const rank = { active: 0, upcoming: 1, ended: 2 } as const;
  return promotions
    .map((p, i) => ({ p, i, state: promotionState(p, now) }))
    .filter((x) => x.state !== 'ended')
    .sort((a, b) => rank[a.state] - rank[b.state] || a.i - b.i)
    .map((x) => x.p);
}
