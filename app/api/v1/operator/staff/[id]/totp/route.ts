import { handler } from '@/lib/server/http/handler';
import { resetStaffTotp } from '@/lib/server/staff/manage';
import { staffRoutes } from '@/lib/server/staff/routes';

export const POST = handler(staffRoutes.resetTotp, ({ actor, params }) =>
  resetStaffTotp(actor, params.id),
);
