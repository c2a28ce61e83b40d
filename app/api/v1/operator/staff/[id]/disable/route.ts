import { handler } from '@/lib/server/http/handler';
import { disableStaff } from '@/lib/server/staff/manage';
import { staffRoutes } from '@/lib/server/staff/routes';

export const POST = handler(staffRoutes.disable, ({ actor, params }) =>
  disableStaff(actor, params.id),
);
