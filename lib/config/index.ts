import { z } from 'zod';

/**
 * Every setting the application reads from the environment, validated once at start.
 * Each variable is documented in README.md with its default; with none set, the site runs.
 */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: z.url().default('http://localhost:3000'),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  DATABASE_URL: optionalUrl,
  PGLITE_DATA_DIR: z.string().default('.data/pglite'),
  SEED_DEMO: booleanFlag.default(true),
  API_BASE_URL: optionalUrl,
  CONTENT_API_URL: optionalUrl,
  CONTENT_API_TOKEN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SOCKET_PATH: z.string().startsWith('/').default('/socket.io'),
  CSP_FRAME_ANCESTORS: z.string().default("'none'"),
  /** The operator's GitBook help centre; `{lang}` is replaced by the page's language. */
  HELP_GITBOOK_URL: optionalUrl,
  /** Serves /error-probe, a page that throws, so tests can see the error page. Never in production use. */
  ERROR_PROBE: booleanFlag.default(false),
});

export type AppConfig = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const config: AppConfig = loadConfig();

/** Where the browser reaches the platform API. */
export function browserApiBaseUrl(cfg: AppConfig = config): string {
  return cfg.API_BASE_URL ?? '/api/v1';
}
