'use client';

import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { favoritesQuery, gamesInfiniteQuery, gamesPageQuery } from '@/lib/api/queries/games';
import { SEARCH_PAGE_SIZE } from '@/lib/schemas/games-limits';
import { appendDistinct, SEARCH_DEBOUNCE_MS } from '@/components/search/history';
import type { Game } from '@/lib/schemas/games';
import { useSession } from '@/components/session/session-context';
import { moveFocus, SearchResultList } from './search-result-list';
import { useDebounced } from './use-debounced';
import { addToHistory, clearHistory, useSearchHistory } from './use-search-history';

function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Stack spacing={1} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Stack>
  );
}

// A variable, not a literal in place: TypeScript refuses `data-testid` only in literals.
const searchPaper = {
  'data-testid': 'search-dialog',
  sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 } },
};

/**
 * Search (spec §2, §4, §8, §9): recent searches, hot games and (signed in) favourites while the box
 * is blank; typed text is searched after 300 ms, 30 results a page, load more appends without
 * repeats. Closing the dialog forgets the query and the pages (it unmounts).
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('search');
  const { status } = useSession();
  const [query, setQuery] = useState('');
  const history = useSearchHistory();
  const typed = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const searching = typed !== '';

  const results = useInfiniteQuery({
    ...gamesInfiniteQuery({ search: typed, limit: SEARCH_PAGE_SIZE }),
    enabled: searching,
  });
  const hot = useQuery({
    ...gamesPageQuery({ category: 'hot-games', limit: 6 }),
    enabled: !searching,
  });
  const favorites = useQuery({
    ...favoritesQuery(),
    enabled: !searching && status === 'authenticated',
  });

  const pages = results.data?.pages;
  const found: Game[] = useMemo(
    () => (pages ?? []).reduce<Game[]>((all, p) => appendDistinct(all, p.data), []),
    [pages],
  );
  const total = pages?.[0]?.totalDocuments ?? 0;

  // Only queries that found something enter the history.
  useEffect(() => {
    if (searching && results.isSuccess && total > 0) addToHistory(typed);
  }, [searching, results.isSuccess, total, typed]);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="search-title"
      slotProps={{ paper: searchPaper }}
    >
      <Typography id="search-title" component="h2" sx={visuallyHidden}>
        {t('title')}
      </Typography>
      <Stack spacing={2} sx={{ p: 2, maxHeight: '75vh', overflowY: 'auto' }}>
        <TextField
          autoFocus
          fullWidth
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={moveFocus}
          placeholder={t('placeholder')}
          slotProps={{
            htmlInput: {
              'aria-label': t('placeholder'),
              'data-testid': 'search-input',
              type: 'search',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment:
                results.isFetching && searching ? (
                  <CircularProgress size={18} aria-label={t('searching')} />
                ) : null,
            },
          }}
        />
        {!searching && (
          <>
            <Typography
              color="text.secondary"
              sx={{ textAlign: 'center', py: 1 }}
              data-testid="search-empty"
            >
              {t('enterKeywords')}
            </Typography>
            {history.length > 0 && (
              <Section
                title={t('recent')}
                testId="search-history"
                action={
                  <Button size="small" onClick={clearHistory} data-testid="search-history-clear">
                    {t('clearAll')}
                  </Button>
                }
              >
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {history.map((h) => (
                    <Chip
                      key={h}
                      label={h}
                      onClick={() => setQuery(h)}
                      data-testid="search-history-item"
                    />
                  ))}
                </Stack>
              </Section>
            )}
            {status === 'authenticated' && (favorites.data?.data.length ?? 0) > 0 && (
              <Section title={t('favorites')} testId="search-favorites">
                <SearchResultList
                  games={favorites.data!.data.slice(0, 6)}
                  onOpen={onClose}
                  testId="favorite-results"
                />
              </Section>
            )}
            {hot.data && (
              <Section title={t('hot')} testId="search-hot">
                <SearchResultList games={hot.data.data} onOpen={onClose} testId="hot-results" />
              </Section>
            )}
          </>
        )}
        {searching && results.isSuccess && total === 0 && (
          <Stack sx={{ alignItems: 'center', py: 3 }} spacing={0.5} data-testid="search-not-found">
            <Typography variant="h6" component="p">
              {t('notFound')}
            </Typography>
            <Typography>{t('noResultsFor', { query: typed })}</Typography>
            <Typography color="text.secondary">{t('tryTypos')}</Typography>
          </Stack>
        )}
        {searching && found.length > 0 && (
          <Section title={t('results', { count: total })} testId="search-results">
            <SearchResultList games={found} onOpen={onClose} testId="result-list" />
            {results.hasNextPage ? (
              <Button
                variant="outlinedPrimary"
                onClick={() => void results.fetchNextPage()}
                loading={results.isFetchingNextPage}
                data-testid="search-load-more"
              >
                {t('loadMore')}
              </Button>
            ) : (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ textAlign: 'center' }}
                data-testid="search-no-more"
              >
                {t('noMoreData')}
              </Typography>
            )}
          </Section>
        )}
      </Stack>
    </Dialog>
  );
}
