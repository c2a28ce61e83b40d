import Box from '@mui/material/Box';
import type { Crypto } from '@/lib/schemas/config';

/** How many times the list repeats, so the strip scrolls without a gap (spec §2). */
export const STRIP_REPEAT = 3;

/** The supported cryptocurrencies' logos, scrolling sideways; still for reduced-motion users. */
export function CryptoStrip({ cryptos, label }: { cryptos: Crypto[]; label: string }) {
  const items = Array.from({ length: STRIP_REPEAT }, (_, copy) =>
    cryptos.map((c) => ({ ...c, copy })),
  ).flat();
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        overflow: 'hidden',
        maskImage: 'linear-gradient(90deg, transparent, #000 8%, #000 92%, transparent)',
      }}
    >
      <Box
        component="ul"
        data-testid="crypto-strip"
        sx={{
          display: 'flex',
          gap: 3,
          m: 0,
          p: 0,
          listStyle: 'none',
          width: 'max-content',
          animation: 'crypto-strip 40s linear infinite',
          '@keyframes crypto-strip': { to: { transform: 'translateX(calc(-100% / 3))' } },
          // Right to left the strip starts at the right edge, so it travels the other way.
          '@keyframes crypto-strip-rtl': { to: { transform: 'translateX(calc(100% / 3))' } },
          '[dir=rtl] &': { animationName: 'crypto-strip-rtl' },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {items.map((c) => (
          // Only the first copy is read out; the other two exist for the loop.
          <Box
            component="li"
            key={`${c.copy}-${c.symbol}`}
            aria-hidden={c.copy > 0 || undefined}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- small SVG logos from the platform */}
            <img src={c.logoUrl} alt="" width={28} height={28} loading="lazy" />
            <Box component="span" sx={{ fontWeight: 600, fontSize: 14, color: 'text.secondary' }}>
              {c.symbol}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
