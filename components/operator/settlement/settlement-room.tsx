'use client';

import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRoomNotice } from '../room-notice';
import { useGridPage } from '../use-grid-page';
import { BookView } from './book-view';
import { ClosedEventsView } from './closed-events-view';
import { OpenEventsView } from './open-events-view';

const views = ['open', 'closed', 'book'] as const;
type View = (typeof views)[number];

/** What each view of the room is given: the grid's page in the address, the room's notice. */
export type SettlementViewProps = {
  grid: ReturnType<typeof useGridPage>;
  onDone: (text: string) => void;
  onError: (text: string) => void;
};

/**
 * The settlement room: open events to result, void or suspend; closed ones to correct
 * (resettle); the book's margins and limits — each a view in the address.
 */
export function SettlementRoom() {
  const t = useTranslations('backOffice.settlement');
  const grid = useGridPage();
  const asked = grid.params.get('view');
  const view = views.find((v) => v === asked) ?? 'open';
  const { notice, done, failed } = useRoomNotice();
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Tabs
        value={view}
        onChange={(_event, next: View) => grid.go({ view: next })}
        aria-label={t('views.label')}
        sx={{ mb: 1 }}
      >
        {views.map((v) => (
          <Tab key={v} value={v} label={t(`views.${v}`)} />
        ))}
      </Tabs>
      {view === 'open' && <OpenEventsView grid={grid} onDone={done} onError={failed} />}
      {view === 'closed' && <ClosedEventsView grid={grid} onDone={done} onError={failed} />}
      {view === 'book' && <BookView grid={grid} onDone={done} onError={failed} />}
      {notice}
    </Box>
  );
}
