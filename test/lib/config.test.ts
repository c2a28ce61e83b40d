import { loadConfig } from '@/lib/config';

describe('configuration', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PGLITE_DATA_DIR).toBe('.data/pglite');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.SITE_URL).toBe('http://localhost:3000');
    expect(config.ALLOWED_ORIGINS).toEqual([]);
  });

  it('reads and converts what is set', () => {
    const config = loadConfig({
      PORT: '8080',
      SEED_DEMO: 'false',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      API_BASE_URL: '',
    });
    expect(config.PORT).toBe(8080);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.DATABASE_URL).toBe('postgres://u:p@localhost:5432/db');
    expect(config.API_BASE_URL).toBeUndefined();
  });

  it('refuses a bad value at start, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('names the address it is served on, and refuses to serve production without SITE_URL', () => {
    expect(loadConfig({ PORT: '4100' }).SITE_URL).toBe('http://localhost:4100');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SITE_URL: required in production/,
    );
    // The build serves no visitor: it needs no address.
    expect(
      loadConfig({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' }).SITE_URL,
    ).toBe('http://localhost:3000');
    expect(
      loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://casino.example' }).SITE_URL,
    ).toBe('https://casino.example');
  });
});
