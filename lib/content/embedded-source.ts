import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentSource } from './source';

const CONTENT_DIR = path.join(process.cwd(), 'content');

// In production the files ship with the build and are read once; in development every edit shows.
const memo = process.env.NODE_ENV === 'production' ? new Map<string, Promise<unknown>>() : null;

async function read(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Documents shipped under content/<locale>/<document>.json; drafts are the same files. */
export const embeddedSource: ContentSource = {
  name: 'embedded',
  getDocument(document, locale) {
    const file = path.join(CONTENT_DIR, locale, `${document}.json`);
    if (!memo) return read(file);
    let doc = memo.get(file);
    if (!doc) memo.set(file, (doc = read(file)));
    return doc;
  },
};
