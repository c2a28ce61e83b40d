import type { ImgHTMLAttributes } from 'react';

/**
 * Every image the site draws: provider artwork, studio and coin logos, flags, the operator's logo,
 * content cards. A plain `<img>` on purpose — they come sized from the platform or the content
 * service, so next/image's optimizer would only add a round trip — given their size (no layout shift),
 * and decorative (`alt=""`) unless an alt is given.
 */
export function Artwork({ alt = '', ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  // eslint-disable-next-line @next/next/no-img-element -- see above
  return <img alt={alt} {...props} />;
}
