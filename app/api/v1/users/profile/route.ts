import { handler } from '@/lib/server/http/handler';
import { profileOf } from '@/lib/server/players/account';

export const GET = handler({ auth: 'required' }, ({ user }) => profileOf(user));
