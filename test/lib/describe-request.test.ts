import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { describeRequest } from '@/components/operator/risk/describe-request';
import type { Approval } from '@/lib/schemas/risk';

const approval = (payload: Record<string, unknown>, kind = 'balance.adjust'): Approval =>
  ({ kind, payload }) as Approval;
const inEnglish = createTranslator({ locale: 'en', messages: en, namespace: 'backOffice.risk' });

it('says what an adjustment would do, signed, with its reason and the round it corrects', () => {
  const body = {
    userId: '0b9a3b4e-6f0e-4a53-9d51-2f1f5a3e7c11',
    currency: 'USDT',
    amount: '250',
    reason: 'goodwill credit',
    idempotencyKey: 'request-1',
  };
  expect(describeRequest(approval(body), inEnglish)).toBe('+250 USDT: goodwill credit');
  expect(
    describeRequest(
      approval({ ...body, amount: '-5', round: { product: 'casino', roundId: 'r-7' } }),
      inEnglish,
    ),
  ).toBe('-5 USDT on round r-7: goodwill credit');
});

it('a request it cannot read is named as such, in the staff member’s language', () => {
  const inGerman = createTranslator({ locale: 'de', messages: de, namespace: 'backOffice.risk' });
  expect(describeRequest(approval({ bonus: 'x' }, 'bonus.grant'), inEnglish)).toBe(
    'A request of a kind this screen cannot show (bonus.grant)',
  );
  expect(describeRequest(approval({}, 'bonus.grant'), inGerman)).toBe(
    'Eine Anfrage einer Art, die diese Ansicht nicht zeigen kann (bonus.grant)',
  );
});

it('says what a resettlement would do: the match, its corrected score or a void, and why', () => {
  const body = {
    eventId: 12,
    match: 'Lions – Tigers',
    result: { regulation: [2, 1], full: [3, 1] },
    from: { regulation: [1, 1], full: [1, 1] },
    reason: 'the feed sent the wrong score',
    idempotencyKey: 'resettle-1',
  };
  expect(describeRequest(approval(body, 'sportsbook.resettle'), inEnglish)).toBe(
    'Resettle Lions – Tigers to 3–1: the feed sent the wrong score',
  );
  expect(
    describeRequest(approval({ ...body, result: null }, 'sportsbook.resettle'), inEnglish),
  ).toBe('Void Lions – Tigers after its result: the feed sent the wrong score');
  expect(describeRequest(approval({ match: 1 }, 'sportsbook.resettle'), inEnglish)).toBe(
    'A request of a kind this screen cannot show (sportsbook.resettle)',
  );
});
