import { handler } from '@/lib/server/http/handler';
import { staffDirectory } from '@/lib/server/staff/manage';
import { staffRoutes } from '@/lib/server/staff/routes';

export const GET = handler(staffRoutes.accounts, () => staffDirectory());
