import { handler } from '@/lib/server/http/handler';
import { exportPlayerData } from '@/lib/server/protection/data-export';
import { protectionRoutes } from '@/lib/server/protection/routes';

export const GET = handler(protectionRoutes.exportData, ({ user }) => exportPlayerData(user.id));
