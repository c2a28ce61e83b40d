import { handler } from '@/lib/server/http/handler';
import { changeStaffRole } from '@/lib/server/staff/manage';
import { staffRoutes } from '@/lib/server/staff/routes';

export const PATCH = handler(staffRoutes.changeRole, ({ actor, params, body }) =>
  changeStaffRole(actor, params.id, body.role),
);
