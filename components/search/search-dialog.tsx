'use client';

import SearchIcon from '@mui/icons-material/Search';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

/** Search (spec §2, §8): the dialog and its blank-query prompt; the catalog work adds results. */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('search');
  const [query, setQuery] = useState('');
  const blank = query.trim() === '';
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="search-title"
      slotProps={{
        paper: {
          'data-testid': 'search-dialog',
          sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 } },
        } as object,
      }}
    >
      <Typography id="search-title" component="h2" sx={visuallyHidden}>
        {t('title')}
      </Typography>
      <Stack spacing={2} sx={{ p: 2 }}>
        <TextField
          autoFocus
          fullWidth
          value={query}
          onChange={(e) => setQuery(e.target.value)}
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
            },
          }}
        />
        {blank && (
          <Typography
            color="text.secondary"
            sx={{ textAlign: 'center', py: 4 }}
            data-testid="search-empty"
          >
            {t('enterKeywords')}
          </Typography>
        )}
      </Stack>
    </Dialog>
  );
}
