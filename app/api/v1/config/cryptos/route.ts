import { listCryptos } from '@/lib/server/config/cryptos';
import { handler } from '@/lib/server/http/handler';

export const dynamic = 'force-dynamic';

export const GET = handler({}, () => listCryptos());
