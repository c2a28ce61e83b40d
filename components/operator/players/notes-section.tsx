'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { NOTE_MAX, tagSchema, type PlayerPage } from '@/lib/schemas/back-office-players';
import { useOperatorApi } from '../operator-api';
import { Section } from './section';

/** Notes (kept as written, newest first) and tags: every role reads and adds them. */
export function NotesSection({
  page,
  onError,
}: {
  page: PlayerPage;
  onError: (text: string) => void;
}) {
  const t = useTranslations('backOffice.players');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const id = page.profile.id;
  const [note, setNote] = useState('');
  const [tag, setTag] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operator', 'player', id] });
  const addNote = useMutation({
    mutationFn: (body: string) =>
      api(`/operator/players/${id}/notes`, { method: 'POST', body: { body } }),
    onSuccess: () => setNote(''),
    onError: (error) => onError(error.message),
    onSettled: refresh,
  });
  const saveTags = useMutation({
    mutationFn: (tags: string[]) =>
      api(`/operator/players/${id}/tags`, { method: 'PUT', body: { tags } }),
    onSuccess: () => setTag(''),
    onError: (error) => onError(error.message),
    onSettled: refresh,
  });
  const tagValid = tagSchema.safeParse(tag).success;
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim()) addNote.mutate(note.trim());
  };
  const submitTag = (event: FormEvent) => {
    event.preventDefault();
    if (tagValid) saveTags.mutate([...page.tags, tag.trim()]);
  };

  return (
    <Section id="notes" title={t('sections.notes')}>
      <Box
        role="group"
        aria-label={t('tags')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}
      >
        {page.tags.map((existing) => (
          <Chip
            key={existing}
            label={existing}
            onDelete={() => saveTags.mutate(page.tags.filter((x) => x !== existing))}
            slotProps={{ root: { 'aria-label': t('tagNamed', { tag: existing }) } }}
          />
        ))}
      </Box>
      <Stack component="form" onSubmit={submitTag} direction="row" spacing={1} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={t('newTag')}
          value={tag}
          onChange={(event) => setTag(event.target.value)}
          error={tag.length > 0 && !tagValid}
          helperText={tag.length > 0 && !tagValid ? t('tagRule') : ' '}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <Button type="submit" disabled={!tagValid} loading={saveTags.isPending}>
          {t('addTag')}
        </Button>
      </Stack>
      <Stack component="form" onSubmit={submitNote} spacing={1} sx={{ mb: 2 }}>
        <TextField
          multiline
          minRows={2}
          label={t('newNote')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        />
        <Box>
          <Button
            type="submit"
            variant="outlined"
            disabled={!note.trim()}
            loading={addNote.isPending}
          >
            {t('addNote')}
          </Button>
        </Box>
      </Stack>
      {page.notes.length === 0 ? (
        <Typography color="text.secondary">{t('noNotes')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {page.notes.map((n) => (
            <Box component="li" key={n.id}>
              <Typography variant="body2" color="text.secondary">
                {n.authorName ?? n.author} ·{' '}
                {format.dateTime(new Date(n.createdAt), { dateStyle: 'short', timeStyle: 'short' })}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.body}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}
