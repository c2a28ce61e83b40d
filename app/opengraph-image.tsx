import { ImageResponse } from 'next/og';
import { getSiteConfiguration } from '@/lib/content';
import { defaultLocale } from '@/lib/i18n/locales';

export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';
// The operator's name comes from the content service: made on request, kept for an hour.
export const revalidate = 3600;

/**
 * The sharing card every page falls back to (Open Graph and Twitter): social networks draw PNG, not
 * the SVG artwork the site uses. The site's name from the site configuration, in the bundled Latin
 * font (this image is made offline, with no font download).
 */
export default async function OpenGraphImage() {
  const { seo } = await getSiteConfiguration(defaultLocale);
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 40,
        background: 'linear-gradient(135deg, #141A21 0%, #1C252E 55%, #007867 100%)',
        color: '#FFFFFF',
      }}
    >
      <div
        style={{
          width: 200,
          height: 200,
          borderRadius: 48,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'linear-gradient(135deg, #5BE49B 0%, #007867 100%)',
          fontSize: 140,
          fontWeight: 700,
        }}
      >
        {seo.siteName.slice(0, 1).toUpperCase()}
      </div>
      <div style={{ fontSize: 84, fontWeight: 700 }}>{seo.siteName}</div>
    </div>,
    size,
  );
}
