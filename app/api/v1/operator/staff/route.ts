import { handler } from '@/lib/server/http/handler';
import { createStaff, staffList } from '@/lib/server/staff/accounts';
import { staffRoutes } from '@/lib/server/staff/routes';

export const GET = handler(staffRoutes.list, () => staffList());
export const POST = handler(staffRoutes.create, ({ body, actor }) => createStaff(body, actor));
