import type { useTranslations } from 'next-intl';
import { adjustmentSchema } from '@/lib/schemas/operator';
import type { Approval } from '@/lib/schemas/risk';
import { resettleRequestSchema } from '@/lib/schemas/sportsbook';

/** What an approval would do, in a line: "+250 USDT: goodwill credit", "Resettle A vs B to 2–1: …". */
export function describeRequest(
  approval: Approval,
  t: ReturnType<typeof useTranslations<'backOffice.risk'>>,
): string {
  if (approval.kind === 'sportsbook.resettle') {
    const resettle = resettleRequestSchema.safeParse(approval.payload);
    if (!resettle.success) return t('request.unknown', { kind: approval.kind });
    const { match, result, reason } = resettle.data;
    return result
      ? t('request.resettle', { match, result: `${result.full[0]}–${result.full[1]}`, reason })
      : t('request.resettleVoid', { match, reason });
  }
  const asked = adjustmentSchema.safeParse(approval.payload);
  if (!asked.success) return t('request.unknown', { kind: approval.kind });
  const { amount, currency, reason, round } = asked.data;
  const signed = amount.startsWith('-') ? amount : `+${amount}`;
  return round
    ? t('request.round', { amount: `${signed} ${currency}`, reason, round: round.roundId })
    : t('request.adjust', { amount: `${signed} ${currency}`, reason });
}

/** Whom or what a request is about, as the buttons name it: the player, or the match resettled. */
export function subjectOf(approval: Approval): string {
  if (approval.username) return approval.username;
  const resettle = resettleRequestSchema.safeParse(approval.payload);
  return resettle.success ? resettle.data.match : approval.target;
}
