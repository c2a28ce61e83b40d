'use client';

import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { SupportMessage } from '@/lib/schemas/support';
import { SupportImage } from './support-image';

/** The player's own mark: sent, delivered, read. */
function Ticks({ message }: { message: SupportMessage }) {
  const t = useTranslations('supportChat');
  const state = message.readAt ? 'read' : message.deliveredAt ? 'delivered' : 'sent';
  const Icon = state === 'sent' ? DoneIcon : DoneAllIcon;
  return (
    <Icon
      role="img"
      aria-label={t(state)}
      sx={{ fontSize: 14, color: state === 'read' ? 'primary.main' : 'text.secondary' }}
    />
  );
}

/**
 * The conversation's messages, oldest first, as text (never HTML): the player's on the end side,
 * support's on the start side under the agent's name. New ones scroll into view.
 */
export function MessageList({
  messages,
  hasOlder,
  onOlder,
  typing,
  side = 'player',
}: {
  messages: SupportMessage[];
  hasOlder: boolean;
  onOlder: () => void;
  typing: string | null;
  /** Whose screen: the player's (their messages on the end side) or an agent's in the back office. */
  side?: 'player' | 'staff';
}) {
  const t = useTranslations('supportChat');
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  // A block body: newer browsers answer scrollIntoView with a promise, which React would take
  // for the effect's cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last, typing]);
  return (
    <Box
      role="log"
      aria-label={t('conversation')}
      aria-live="polite"
      sx={{ flex: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1, py: 1 }}
    >
      {hasOlder && (
        <Button
          size="small"
          variant="outlinedSecondary"
          onClick={onOlder}
          sx={{ alignSelf: 'center' }}
        >
          {t('earlier')}
        </Button>
      )}
      {messages.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', my: 4 }}>
          {t('empty')}
        </Typography>
      )}
      {messages.map((m) => {
        const mine = side === 'player' ? m.author === 'player' : m.author !== 'player';
        return (
          <Stack
            key={m.id}
            data-testid="support-message"
            data-author={m.author}
            sx={{
              alignSelf: mine ? 'flex-end' : 'flex-start',
              maxWidth: '85%',
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: mine ? 'primary.main' : 'background.neutral',
              color: mine ? 'primary.contrastText' : 'text.primary',
            }}
          >
            {!mine && side === 'player' && (
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                {m.agentName ?? t('support')}
              </Typography>
            )}
            {m.image && side === 'staff' ? (
              // Staff read images with their session cookie: a plain, same-origin address.
              // eslint-disable-next-line @next/next/no-img-element -- a private file behind the session
              <img src={m.image} alt={t('image')} style={{ maxWidth: '100%', borderRadius: 6 }} />
            ) : m.image ? (
              <SupportImage path={m.image} />
            ) : (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.text}
              </Typography>
            )}
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', alignSelf: 'flex-end' }}
            >
              <Typography variant="caption" sx={{ opacity: 0.85 }}>
                {format(new Date(m.createdAt), 'HH:mm')}
              </Typography>
              {m.author === 'player' && side === 'player' && <Ticks message={m} />}
              {m.author === 'agent' && side === 'staff' && <Ticks message={m} />}
            </Stack>
          </Stack>
        );
      })}
      {typing !== null && (
        <Typography variant="caption" color="text.secondary" data-testid="support-typing">
          {typing ? t('typing', { name: typing }) : t('someoneTyping')}
        </Typography>
      )}
      <div ref={end} />
    </Box>
  );
}
