import { notFound } from 'next/navigation';
import { themeStylesheetFiles, themeStylesheetFor } from '@/lib/theme/theme-stylesheet';

// Twelve files (6 presets × 2 contrasts), written at build time.
export const dynamic = 'force-static';
export const dynamicParams = false;
export const generateStaticParams = () => themeStylesheetFiles.map((file) => ({ file }));

/** The theme's CSS variables for one preset and contrast (lib/theme/theme-href.ts). */
export async function GET(_: Request, { params }: { params: Promise<{ file: string }> }) {
  const css = themeStylesheetFor((await params).file);
  if (css === null) notFound();
  return new Response(css, {
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      // The address carries the theme's version: a new theme is a new address.
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
