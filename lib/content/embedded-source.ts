import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentSource } from './source';

const CONTENT_DIR = path.join(process.cwd(), 'content');

/** Documents shipped under content/<locale>/<document>.json; drafts are the same files. */
export const embeddedSource: ContentSource = {
  name: 'embedded',
  async getDocument(document, locale) {
    try {
      return JSON.parse(await readFile(path.join(CONTENT_DIR, locale, `${document}.json`), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  },
};
