import type { ReactNode } from 'react';
import { contentLink } from '@/lib/content/links';
import type { RichTextInline } from '@/lib/content/schemas';
import { Link } from '@/lib/i18n/navigation';

/** The text and links inside a block: React elements, never HTML strings, so nothing is injected. */
export function Inline({ nodes }: { nodes: RichTextInline[] }): ReactNode {
  return nodes.map((node, i) => {
    if (node.type === 'link') {
      // Editors' links: other sites open in a new tab; mailto/tel go to the device; site paths
      // keep the language prefix; anything else (javascript:, data:, //host) is plain text.
      const link = contentLink(node.url);
      if (link?.kind === 'site') {
        return (
          <Link key={i} href={link.href}>
            <Inline nodes={node.children} />
          </Link>
        );
      }
      if (link) {
        return (
          <a
            key={i}
            href={link.href}
            {...(link.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <Inline nodes={node.children} />
          </a>
        );
      }
      return <Inline key={i} nodes={node.children} />;
    }
    let text: ReactNode = node.text;
    if (node.bold) text = <strong>{text}</strong>;
    if (node.italic) text = <em>{text}</em>;
    return <span key={i}>{text}</span>;
  });
}
