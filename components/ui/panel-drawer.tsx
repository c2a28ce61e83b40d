'use client';

import Drawer, { type DrawerProps } from '@mui/material/Drawer';
import type { SxProps, Theme } from '@mui/material/styles';

type Props = Omit<DrawerProps, 'slotProps'> & {
  testId: string;
  paperSx: SxProps<Theme>;
  /** A drawer that holds the player until closed is announced as a dialog, by this name. */
  dialog?: { 'aria-label': string } | { 'aria-labelledby': string };
};

/** The site's drawers (menu, casino cards, live support): a paper with its test id and size. */
export function PanelDrawer({ testId, paperSx, dialog, ...drawer }: Props) {
  // A variable, not a literal in place: `data-testid` is no key of the paper's props, and TypeScript
  // refuses unknown keys only in literals.
  const paper = {
    'data-testid': testId,
    sx: paperSx,
    ...(dialog && { role: 'dialog', ...dialog }),
  };
  return <Drawer {...drawer} slotProps={{ paper }} />;
}
