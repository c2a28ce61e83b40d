import 'server-only';
import { cryptoListSchema, languageListSchema } from '@/lib/schemas/config';
import { healthSchema, readinessSchema } from '@/lib/schemas/health';
import { route } from '@/lib/server/http/route';

/** What the platform says about itself: its health and the configuration the site reads. */
export const configRoutes = {
  health: route({
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Service health, including a database round trip (503 when the database is down)',
    tags: ['system'],
    response: healthSchema,
  }),
  ready: route({
    method: 'get',
    path: '/health/ready',
    operationId: 'getReadiness',
    summary:
      'Readiness for a load balancer: the database answers and a real page renders through the page cache within HTML_RENDER_TIMEOUT_MS (503 otherwise)',
    tags: ['system'],
    response: readinessSchema,
  }),
  languages: route({
    method: 'get',
    path: '/config/languages',
    operationId: 'listLanguages',
    summary: 'Languages config: the languages the platform offers',
    tags: ['config'],
    response: languageListSchema,
  }),
  cryptos: route({
    method: 'get',
    path: '/config/cryptos',
    operationId: 'listCryptos',
    summary: 'Cryptos list: the supported cryptocurrencies, for the footer',
    tags: ['config'],
    response: cryptoListSchema,
  }),
};
