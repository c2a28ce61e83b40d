/** A language's flag (an image from the Languages config); decorative, the name says the language. */
export function Flag({ src, size = 20 }: { src: string | undefined; size?: number }) {
  if (!src) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- tiny SVGs from the platform, no optimisation needed
    <img
      src={src}
      alt=""
      width={Math.round(size * 1.5)}
      height={size}
      style={{ borderRadius: 3, objectFit: 'cover', display: 'block', flexShrink: 0 }}
    />
  );
}
