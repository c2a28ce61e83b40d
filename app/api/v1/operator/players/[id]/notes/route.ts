import { handler } from '@/lib/server/http/handler';
import { addNote } from '@/lib/server/operator/player-actions';
import { playerOfficeRoutes } from '@/lib/server/operator/player-routes';

export const POST = handler(playerOfficeRoutes.note, ({ actor, params, body }) =>
  addNote(actor, params.id, body.body),
);
