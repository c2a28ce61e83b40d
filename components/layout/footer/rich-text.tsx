import type { ReactNode } from 'react';
import type { RichText } from '@/lib/content';
import { contentLink } from '@/lib/content/links';
import type { RichTextInline } from '@/lib/content/schemas';
import { Link } from '@/lib/i18n/navigation';
import styles from './footer.module.css';

function Inline({ nodes }: { nodes: RichTextInline[] }): ReactNode {
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

/** Strapi 5 blocks rendered as React elements: never as HTML strings, so nothing is injected. */
export function RichTextView({ blocks }: { blocks: RichText }) {
  return blocks.map((block, i) => {
    if (block.type === 'paragraph') {
      return (
        <p key={i} className={styles.text}>
          <Inline nodes={block.children} />
        </p>
      );
    }
    const List = block.format === 'ordered' ? 'ol' : 'ul';
    return (
      <List key={i} className={styles.list}>
        {block.children.map((item, j) => (
          <li key={j}>
            <Inline nodes={item.children} />
          </li>
        ))}
      </List>
    );
  });
}
