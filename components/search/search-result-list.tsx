'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import type { Game } from '@/lib/schemas/games';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { gameHref } from '@/lib/site/paths';

/** Moves focus between result links with the arrow keys (and back to the box from the first). */
export function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...document.querySelectorAll<HTMLElement>('[data-search-result]')];
  const index = links.indexOf(document.activeElement as HTMLElement);
  const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
  event.preventDefault();
  if (next < 0) document.querySelector<HTMLElement>('[data-testid="search-input"]')?.focus();
  else links[Math.min(next, links.length - 1)]?.focus();
}

/** A compact list of games: artwork, name and studio; each row opens the game page. */
export function SearchResultList({
  games,
  onOpen,
  testId,
}: {
  games: Game[];
  onOpen: () => void;
  testId: string;
}) {
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      data-testid={testId}
      onKeyDown={moveFocus}
    >
      {games.map((game) => (
        <li key={game.id}>
          <Box
            component={IntlLink}
            href={gameHref(game.slug)}
            onClick={onOpen}
            data-search-result=""
            data-testid="search-result"
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              p: 0.75,
              borderRadius: 1,
              color: 'inherit',
              textDecoration: 'none',
              '&:hover, &:focus-visible': { bgcolor: 'action.hover', outline: 'none' },
            }}
          >
            <Box
              component="img"
              src={game.icon}
              alt=""
              width={36}
              height={48}
              loading="lazy"
              sx={{ borderRadius: 0.75, flexShrink: 0 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                {game.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="p">
                {game.provider.name}
              </Typography>
            </Box>
          </Box>
        </li>
      ))}
    </Box>
  );
}
