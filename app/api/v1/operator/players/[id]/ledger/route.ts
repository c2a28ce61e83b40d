import { handler } from '@/lib/server/http/handler';
import { auditNow } from '@/lib/server/operator/audit';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';
import { listTransactions } from '@/lib/server/wallet/transactions';

export const GET = handler(playerOfficeRoutes.ledger, async ({ actor, params, query }) => {
  const page = await listTransactions(params.id, query);
  // The player's money history is personal data: who read which page of it, when.
  await auditNow(actor, {
    action: 'player.ledger',
    target: `player:${params.id}`,
    after: { rows: page.data.length, cursor: query.cursor ?? null },
  });
  return page;
});
