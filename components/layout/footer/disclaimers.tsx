import type { Footer, Media } from '@/lib/content';
import { themeConfig } from '@/lib/theme/theme-config';
import styles from './footer.module.css';
import { RichTextView } from './rich-text';

type Block = Footer['disclaimer'][number];
const { sm, md } = themeConfig.breakpoints;

/** The image for the screen: mobileImage below sm, tabletImage below md, image otherwise. */
function ResponsiveImage({
  image,
  tabletImage,
  mobileImage,
}: {
  image?: Media;
  tabletImage?: Media;
  mobileImage?: Media;
}) {
  const main = image ?? tabletImage ?? mobileImage;
  if (!main) return null;
  return (
    <picture>
      {mobileImage && (
        <source
          media={`(max-width: ${sm - 1}px)`}
          srcSet={mobileImage.url}
          width={mobileImage.width}
          height={mobileImage.height}
        />
      )}
      {tabletImage && (
        <source
          media={`(max-width: ${md - 1}px)`}
          srcSet={tabletImage.url}
          width={tabletImage.width}
          height={tabletImage.height}
        />
      )}
      <img
        src={main.url}
        alt={main.alt}
        width={main.width}
        height={main.height}
        loading="lazy"
        className={styles.disclaimerImage}
      />
    </picture>
  );
}

/** The footer's disclaimer blocks: heading, sub-heading, rich text and an image per breakpoint. */
export function Disclaimers({ blocks }: { blocks: Block[] }) {
  return (
    <div className={styles.disclaimers}>
      {blocks.map((block) => (
        <div key={block.heading} className={styles.disclaimer} data-testid="disclaimer">
          <div className={styles.disclaimerMedia}>
            <ResponsiveImage
              image={block.image}
              tabletImage={block.tabletImage}
              mobileImage={block.mobileImage}
            />
          </div>
          <div>
            <h2 className={styles.heading}>{block.heading}</h2>
            {block.subHeading && <p className={styles.subHeading}>{block.subHeading}</p>}
            <RichTextView blocks={block.text} />
          </div>
        </div>
      ))}
    </div>
  );
}
