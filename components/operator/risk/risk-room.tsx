'use client';

import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRoomNotice } from '../room-notice';
import { useGridPage } from '../use-grid-page';
import { ApprovalsView } from './approvals-view';
import { FlagsView } from './flags-view';

const views = ['approvals', 'flags'] as const;

/** What each view of the room is given: the grid's page in the address, the room's notice. */
export type RiskViewProps = {
  grid: ReturnType<typeof useGridPage>;
  onDone: (text: string) => void;
  onError: (text: string) => void;
};
type View = (typeof views)[number];

/** The risk room: four-eyes approvals and players' risk flags, each a view in the address. */
export function RiskRoom() {
  const t = useTranslations('backOffice.risk');
  const grid = useGridPage();
  const asked = grid.params.get('view');
  const view = views.find((v) => v === asked) ?? 'approvals';
  const { notice, done, failed } = useRoomNotice();
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Tabs
        value={view}
        onChange={(_event, next: View) =>
          grid.go({ view: next, status: undefined, kind: undefined })
        }
        aria-label={t('views.label')}
        sx={{ mb: 1 }}
      >
        {views.map((v) => (
          <Tab key={v} value={v} label={t(`views.${v}`)} />
        ))}
      </Tabs>
      {view === 'approvals' ? (
        <ApprovalsView grid={grid} onDone={done} onError={failed} />
      ) : (
        <FlagsView grid={grid} onDone={done} onError={failed} />
      )}
      {notice}
    </Box>
  );
}
