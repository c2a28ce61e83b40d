import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RichText } from '@/lib/content';
import type { RichTextInline } from '@/lib/content/schemas';

function Inline({ nodes }: { nodes: RichTextInline[] }): ReactNode {
  return nodes.map((node, i) => {
    if (node.type === 'link') {
      const external = /^https?:\/\//.test(node.url);
      return (
        <Link
          key={i}
          href={node.url}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          <Inline nodes={node.children} />
        </Link>
      );
    }
    let text: ReactNode = node.text;
    if (node.bold) text = <strong>{text}</strong>;
    if (node.italic) text = <em>{text}</em>;
    return <span key={i}>{text}</span>;
  });
}

/** Strapi 5 blocks rendered as React elements: never as HTML strings, so nothing is injected. */
export function RichTextView({ blocks }: { blocks: RichText }) {
  return blocks.map((block, i) =>
    block.type === 'paragraph' ? (
      <Typography key={i} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Inline nodes={block.children} />
      </Typography>
    ) : (
      <Typography
        key={i}
        component={block.format === 'ordered' ? 'ol' : 'ul'}
        variant="body2"
        color="text.secondary"
        sx={{ mb: 1, pl: 3 }}
      >
        {block.children.map((item, j) => (
          <li key={j}>
            <Inline nodes={item.children} />
          </li>
        ))}
      </Typography>
    ),
  );
}
