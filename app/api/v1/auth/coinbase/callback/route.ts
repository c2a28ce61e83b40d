import { z } from 'zod';
import { coinbaseCallback } from '@/lib/server/auth/coinbase';
import { handler } from '@/lib/server/http/handler';

const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});

export const GET = handler({ query: callbackQuery }, ({ query, request }) =>
  coinbaseCallback(query, request),
);
