import type { SiteScript } from '@/lib/content';

/** The operator's head/body scripts from the site configuration, allowed by this response's nonce. */
export function SiteScripts({ scripts, nonce }: { scripts: SiteScript[]; nonce?: string }) {
  return scripts.map((script) =>
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
