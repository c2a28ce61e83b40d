import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { RichText } from '@/lib/content';
import { contentLink } from '@/lib/content/links';
import type { RichTextInline } from '@/lib/content/schemas';
import { Link } from '@/components/ui/link';

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
          <MuiLink
            key={i}
            href={link.href}
            {...(link.kind === 'external' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            <Inline nodes={node.children} />
          </MuiLink>
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
