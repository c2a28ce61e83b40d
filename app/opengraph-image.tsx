import { ImageResponse } from 'next/og';

export const alt = 'Nova Casino';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

/**
 * The sharing card every page falls back to (Open Graph and Twitter): social networks draw PNG, not
 * the SVG artwork the site uses. Brand only, in Latin script, so the bundled font covers it with no
 * font download (this image is made offline).
 */
export default function OpenGraphImage() {
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
        N
      </div>
      <div style={{ fontSize: 84, fontWeight: 700 }}>Nova Casino</div>
      <div style={{ fontSize: 40, color: '#C4CDD5' }}>Crypto casino and sportsbook</div>
    </div>,
    size,
  );
}
