/**
 * Provably fair originals: the byte generator, the mappings from floats to results, and the exact
 * payouts. Pure and synchronous, with no server import, so the server settles with it, the
 * browser's verifier recomputes with it, and a game studio can build against it.
 *
 * A bet is to store the mapping version it was drawn with (and its edge, and Plinko's table id),
 * so that it verifies under the mapping it was settled by after the configuration changes.
 */
export const MAPPING_VERSIONS = { dice: 1, limbo: 1, plinko: 1, mines: 1 } as const;

export * from './bytes';
export * from './dice';
export * from './limbo';
export * from './mines';
export * from './plinko';
export * from './plinko-tables';
export * from './rational';
export * from './outcome';
