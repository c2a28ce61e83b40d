import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { fetchCryptos } from '@/lib/api/queries/config';
import { getFooter } from '@/lib/content';
import type { Locale } from '@/lib/i18n/locales';
import { logger } from '@/lib/logger';
import { CryptoStrip } from './crypto-strip';
import { Disclaimers } from './disclaimers';
import { FooterCategories } from './footer-categories';

/** The footer, rendered on the server from the content service and the Cryptos list (spec §2). */
export async function SiteFooter({ locale, siteName }: { locale: Locale; siteName: string }) {
  const t = await getTranslations('footer');
  const [footer, cryptos] = await Promise.all([
    // Without its content the footer shrinks to the strip and copyright; the page still renders.
    getFooter(locale).catch((error: unknown) => {
      logger.error({ err: error }, 'footer content unavailable');
      return { category: [], disclaimer: [] };
    }),
    // The strip is decoration: without the list the footer still renders, without it.
    fetchCryptos().catch((error: unknown) => {
      logger.warn({ err: error }, 'cryptos list unavailable for the footer');
      return [];
    }),
  ]);
  return (
    <Box
      component="footer"
      data-testid="site-footer"
      sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', mt: 6 }}
    >
      {cryptos.length > 0 && (
        <Box sx={{ py: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Container>
            <Typography variant="subtitle2" sx={{ mb: 1.5 }} data-testid="crypto-count">
              {t('cryptoCount', { count: cryptos.length })}
            </Typography>
          </Container>
          <CryptoStrip cryptos={cryptos} label={t('cryptoStrip')} />
        </Box>
      )}
      <Container sx={{ py: 4 }}>
        <FooterCategories categories={footer.category} />
        <Divider sx={{ my: 4 }} />
        <Disclaimers blocks={footer.disclaimer} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
          {t('copyright', { year: new Date().getUTCFullYear(), site: siteName })}
        </Typography>
      </Container>
    </Box>
  );
}
