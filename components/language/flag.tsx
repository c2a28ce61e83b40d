import { Artwork } from '@/components/ui/artwork';

/** A language's flag (an image from the Languages config); decorative, the name says the language. */
export function Flag({ src, size = 20 }: { src: string | undefined; size?: number }) {
  if (!src) return null;
  return (
    <Artwork
      src={src}
      width={Math.round(size * 1.5)}
      height={size}
      style={{ borderRadius: 3, objectFit: 'cover', display: 'block', flexShrink: 0 }}
    />
  );
}
