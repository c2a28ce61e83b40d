import { playGame } from '@/lib/server/games/play';
import { gamesRoutes } from '@/lib/server/games/routes';
import { handler } from '@/lib/server/http/handler';

export const POST = handler(gamesRoutes.play, async ({ params, player, meta, user }) =>
  playGame(params.slug, await player(), {
    locale: meta.locale,
    ip: meta.ip,
    mobile: /Mobi|Android|iPhone|iPad/.test(meta.userAgent ?? ''),
    signIn: user?.sessionId ?? null,
  }),
);
