import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Footer, Media } from '@/lib/content';
import { themeConfig } from '@/lib/theme/theme-config';
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
        style={{ maxWidth: '100%', height: 'auto' }}
      />
    </picture>
  );
}

/** The footer's disclaimer blocks: heading, sub-heading, rich text and an image per breakpoint. */
export function Disclaimers({ blocks }: { blocks: Block[] }) {
  return (
    <Stack spacing={3}>
      {blocks.map((block) => (
        <Stack
          key={block.heading}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          data-testid="disclaimer"
        >
          <Box sx={{ flexShrink: 0 }}>
            <ResponsiveImage
              image={block.image}
              tabletImage={block.tabletImage}
              mobileImage={block.mobileImage}
            />
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h2">
              {block.heading}
            </Typography>
            {block.subHeading && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                {block.subHeading}
              </Typography>
            )}
            <RichTextView blocks={block.text} />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
