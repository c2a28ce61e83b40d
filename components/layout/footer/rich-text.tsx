import type { RichText } from '@/lib/content';
import { Inline } from '@/components/content/rich-inline';
import styles from './footer.module.css';

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
