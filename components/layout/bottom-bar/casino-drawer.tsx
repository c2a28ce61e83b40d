'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { contentLink } from '@/lib/content/links';
import type { BettingCard } from '@/lib/content/schemas';
import { PanelDrawer } from '@/components/ui/panel-drawer';
import { Artwork } from '@/components/ui/artwork';

type Props = { open: boolean; onClose: () => void; cards: BettingCard[] | null };

function QuickLink({ card, onClose }: { card: BettingCard; onClose: () => void }) {
  // Checked again where it is drawn: only http(s), mailto, tel and site paths become links.
  const target = contentLink(card.cta.href);
  if (!target) return null;
  const link =
    target.kind !== 'site' || card.cta.isExternal
      ? {
          component: 'a' as const,
          href: target.href,
          ...(target.kind === 'contact' ? {} : { target: '_blank', rel: 'noopener noreferrer' }),
        }
      : { component: IntlLink, href: target.href };
  return (
    <Card variant="outlined" data-testid="betting-card">
      <CardActionArea {...link} onClick={onClose} aria-label={`${card.heading}: ${card.cta.label}`}>
        <Artwork
          src={card.image.url}
          alt={card.image.alt}
          width={320}
          height={100}
          style={{ width: '100%', height: 80, objectFit: 'cover', display: 'block' }}
        />
        <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center' }}>
          {card.icon && <Artwork src={card.icon.url} width={24} height={24} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2">{card.heading}</Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {card.description}
            </Typography>
            <Typography variant="caption" color="primary.main" sx={{ fontWeight: 700 }}>
              {card.cta.label}
            </Typography>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** The bottom bar's casino drawer: the content service's cards marked displayInDrawer. */
export function CasinoDrawer({ open, onClose, cards }: Props) {
  const t = useTranslations('bottomBar');
  const shown = cards?.filter((c) => c.displayInDrawer) ?? [];
  return (
    <PanelDrawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      testId="casino-drawer"
      dialog={{ 'aria-label': t('casinoDrawer') }}
      paperSx={{ borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '80vh', p: 2 }}
    >
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('casinoDrawer')}
      </Typography>
      {cards === null ? (
        <Alert severity="error">{t('cardsFailed')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          {shown.map((card) => (
            <QuickLink key={card.heading} card={card} onClose={onClose} />
          ))}
        </Box>
      )}
    </PanelDrawer>
  );
}
