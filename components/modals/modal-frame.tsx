'use client';

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { themeConfig } from '@/lib/theme/theme-config';
import { useInertBackground } from './use-inert-background';

type Props = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** authRequired: a click outside or Escape does nothing; only the close button closes. */
  dismissible?: boolean;
  /** The wallet: a bottom sheet on small screens (spec §2). */
  bottomSheetOnSmall?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  testId?: string;
};

/** The frame every query-parameter modal shares: a titled dialog with a close button. */
export function ModalFrame({
  title,
  onClose,
  children,
  dismissible = true,
  bottomSheetOnSmall = false,
  maxWidth = 'xs',
  testId,
}: Props) {
  const t = useTranslations('common');
  const titleId = useId();
  // The page behind is aria-hidden while the dialog is open: it must not be focusable either.
  const rootRef = useInertBackground();
  const small = useMediaQuery(`(max-width:${themeConfig.shellBreakpoints.bottomBar - 0.05}px)`, {
    noSsr: true,
  });
  const handleClose = (_event: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    if (!dismissible && reason) return;
    onClose();
  };

  const header = (
    <Stack direction="row" sx={{ alignItems: 'center', px: 3, pt: 2.5, pb: 1 }}>
      <Typography id={titleId} variant="h3" component="h2" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      <IconButton aria-label={t('close')} onClick={onClose} edge="end" data-testid="modal-close">
        <CloseIcon />
      </IconButton>
    </Stack>
  );
  const body = <Box sx={{ px: 3, pb: 3 }}>{children}</Box>;

  if (bottomSheetOnSmall && small) {
    // Variables, not literals in place: TypeScript refuses the data attributes only in literals.
    const sheetPaper = {
      role: 'dialog',
      'aria-labelledby': titleId,
      'data-testid': testId,
      'data-sheet': 'bottom',
      sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '90vh' },
    };
    return (
      <Drawer
        ref={rootRef}
        anchor="bottom"
        open
        onClose={handleClose}
        slotProps={{ paper: sheetPaper }}
      >
        {header}
        {body}
      </Drawer>
    );
  }
  const dialogPaper = { 'data-testid': testId };
  return (
    <Dialog
      ref={rootRef}
      open
      onClose={handleClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ paper: dialogPaper }}
    >
      {header}
      {body}
    </Dialog>
  );
}
