import 'server-only';
import { catalogGames, catalogProviders } from '@/lib/games/demo-catalog';
import type { Db } from './client';
import { cryptos, gameProviders, games, languages } from './schema';
import { cryptoRows, languageRows } from './seed-data';

/** Idempotent demo seed: inserts what is missing and never overwrites an operator's edits. */
export async function seedDemo(db: Db): Promise<void> {
  await db.insert(languages).values(languageRows).onConflictDoNothing({ target: languages.code });
  await db.insert(cryptos).values(cryptoRows).onConflictDoNothing({ target: cryptos.symbol });
  await seedCatalog(db);
}

async function seedCatalog(db: Db): Promise<void> {
  await db
    .insert(gameProviders)
    .values(catalogProviders.map((p) => ({ ...p, logo: `/providers/${p.slug}.svg` })))
    .onConflictDoNothing({ target: gameProviders.slug });
  const providers = await db
    .select({ id: gameProviders.id, slug: gameProviders.slug })
    .from(gameProviders);
  const idOf = new Map(providers.map((p) => [p.slug, p.id]));
  const rows = catalogGames
    .filter((g) => idOf.has(g.provider))
    .map(({ provider, ...g }) => ({
      ...g,
      providerId: idOf.get(provider)!,
      icon: `/games/${g.slug}.svg`,
    }));
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(games)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing({ target: games.slug });
  }
}
