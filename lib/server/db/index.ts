import 'server-only';

export { closeDb, getDb, getDbHandle, type Db } from './client';
export * as tables from './schema';
