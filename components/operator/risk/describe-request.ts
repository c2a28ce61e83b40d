import type { useTranslations } from 'next-intl';
import { adjustmentSchema } from '@/lib/schemas/operator';
import type { Approval } from '@/lib/schemas/risk';

/** What an approval would do, in a line: "+250 USDT: goodwill credit". */
export function describeRequest(
  approval: Approval,
  t: ReturnType<typeof useTranslations<'backOffice.risk'>>,
): string {
  const asked = adjustmentSchema.safeParse(approval.payload);
  if (!asked.success) return t('request.unknown', { kind: approval.kind });
  const { amount, currency, reason, round } = asked.data;
  const signed = amount.startsWith('-') ? amount : `+${amount}`;
  return round
    ? t('request.round', { amount: `${signed} ${currency}`, reason, round: round.roundId })
    : t('request.adjust', { amount: `${signed} ${currency}`, reason });
}
