import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import en from '@/messages/en.json';
import {
  backOfficeNamespaces,
  clientMessages,
  clientNamespaces,
  lazyNamespaces,
} from '@/lib/i18n/client-namespaces';

const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('the messages the browser gets', () => {
  it('holds every namespace a component reads with useTranslations', () => {
    const read = new Set<string>();
    for (const file of ['components', 'app', 'lib'].flatMap((d) => sources(path.join(root, d)))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/useTranslations\(\s*'([^'.]+)/g)) {
        read.add(match[1]!);
      }
    }
    expect(read.size).toBeGreaterThan(10);
    const known: readonly string[] = [
      ...clientNamespaces,
      ...lazyNamespaces,
      ...backOfficeNamespaces,
    ];
    const missing = [...read].filter((ns) => !known.includes(ns));
    expect(missing).toEqual([]);
  });

  it('names real namespaces only, and leaves the server-only ones out', () => {
    for (const ns of clientNamespaces) expect(en).toHaveProperty(ns);
    const picked = clientMessages(en);
    expect(Object.keys(picked).sort()).toEqual([...clientNamespaces].sort());
    for (const serverOnly of [
      'apiErrors',
      'mail',
      'info',
      'footer',
      'home',
      'backOffice',
      ...lazyNamespaces,
    ]) {
      expect(picked).not.toHaveProperty(serverOnly);
    }
  });
});
