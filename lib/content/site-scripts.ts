import { logger } from '@/lib/logger';
import type { SiteScript } from './schemas';

export type ScriptPolicy = { scriptOrigins: string[]; allowInline: boolean };

/**
 * Which of the content service's head/body scripts reach the page. The CSP's 'strict-dynamic'
 * makes browsers ignore host lists, so the nonce is the only gate: a script gets it only if its
 * `src` is https: on an origin in SCRIPT_ORIGINS; inline code only when ALLOW_INLINE_CMS_SCRIPTS is
 * on. Everything else is left out of the HTML (and logged), so a CMS account cannot run code here.
 */
export function allowedSiteScripts(scripts: SiteScript[], policy: ScriptPolicy): SiteScript[] {
  return scripts.filter((script) => {
    if (script.src) {
      let url: URL;
      try {
        url = new URL(script.src);
      } catch {
        return false;
      }
      const allowed = url.protocol === 'https:' && policy.scriptOrigins.includes(url.origin);
      if (!allowed)
        logger.warn(
          { id: script.id, origin: url.origin },
          'CMS script refused: origin not in SCRIPT_ORIGINS',
        );
      return allowed;
    }
    if (!policy.allowInline)
      logger.warn({ id: script.id }, 'CMS inline script refused (ALLOW_INLINE_CMS_SCRIPTS is off)');
    return policy.allowInline;
  });
}

/** Said at start when an operator lets the content service run inline code on every page. */
export function announceContentScripts(policy: ScriptPolicy): void {
  if (policy.allowInline) {
    logger.warn(
      "ALLOW_INLINE_CMS_SCRIPTS is on: anyone who can publish in the content service can run code on every page, next to the players' tokens.",
    );
  }
}
