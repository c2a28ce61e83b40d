import type { ArticleText } from '@/lib/content/schemas';
import { Inline } from './rich-inline';
import styles from './article.module.css';

const headings = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

/** An article's blocks (promotions, help, legal pages), drawn as elements with the site's type scale. */
export function ArticleTextView({ blocks }: { blocks: ArticleText }) {
  return (
    <div className={styles.article}>
      {blocks.map((block, i) => {
        if (block.type === 'paragraph') {
          return (
            <p key={i}>
              <Inline nodes={block.children} />
            </p>
          );
        }
        if (block.type === 'heading') {
          const Heading = headings[block.level];
          return (
            <Heading key={i}>
              <Inline nodes={block.children} />
            </Heading>
          );
        }
        const List = block.format === 'ordered' ? 'ol' : 'ul';
        return (
          <List key={i}>
            {block.children.map((item, j) => (
              <li key={j}>
                <Inline nodes={item.children} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
