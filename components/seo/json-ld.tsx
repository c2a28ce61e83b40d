import { headers } from 'next/headers';

/**
 * Structured data for search engines. A data block is never run, but it carries the page's nonce
 * like every script of the page (one rule for every <script>, checked in e2e/proxy.spec.ts). The
 * JSON is escaped so an editor's `</script>` in a title cannot end the block and start markup.
 */
export async function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
  return (
    <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
  );
}
