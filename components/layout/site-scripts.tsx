import { config } from '@/lib/config';
import type { SiteScript } from '@/lib/content';
import { allowedSiteScripts } from '@/lib/content/site-scripts';

/**
 * The operator's head/body scripts from the site configuration: only those the script policy allows
 * are written out, with this response's nonce.
 */
export function SiteScripts({ scripts, nonce }: { scripts: SiteScript[]; nonce?: string }) {
  const allowed = allowedSiteScripts(scripts, {
    scriptOrigins: config.SCRIPT_ORIGINS,
    allowInline: config.ALLOW_INLINE_CMS_SCRIPTS,
  });
  return allowed.map((script) =>
    script.src ? (
      <script key={script.id} id={script.id} src={script.src} nonce={nonce} async />
    ) : (
      <script
        key={script.id}
        id={script.id}
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: script.content ?? '' }}
      />
    ),
  );
}
