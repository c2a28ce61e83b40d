import 'server-only';
import { z } from 'zod';
import { cryptoListSchema, languageListSchema } from '@/lib/schemas/config';
import { errorLogSchema } from '@/lib/schemas/error-log';
import { healthSchema } from '@/lib/schemas/health';
import { authOperations } from './auth-operations';
import { gamesOperations } from './games-operations';

export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  auth?: 'required' | 'optional';
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
};

/** Every /api/v1 operation with the zod schemas its route handler uses; the OpenAPI document is built from this. */
export const operations: Operation[] = [
  {
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Service health, including a database round trip',
    tags: ['system'],
    response: healthSchema,
  },
  {
    method: 'get',
    path: '/config/languages',
    operationId: 'listLanguages',
    summary: 'Languages config: the languages the platform offers',
    tags: ['config'],
    response: languageListSchema,
  },
  {
    method: 'get',
    path: '/config/cryptos',
    operationId: 'listCryptos',
    summary: 'Cryptos list: the supported cryptocurrencies, for the footer',
    tags: ['config'],
    response: cryptoListSchema,
  },
  {
    method: 'post',
    path: '/logs/error',
    operationId: 'logError',
    summary: 'Error log: an unhandled interface error reported by the site',
    tags: ['system'],
    auth: 'optional',
    body: errorLogSchema,
    response: z.object({ id: z.uuid() }),
  },
  ...authOperations,
  ...gamesOperations,
];
