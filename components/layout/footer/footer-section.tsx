'use client';

import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

/**
 * One footer category, rendered once: a column with its heading from md up, a disclosure
 * (accordion) on tablets and phones. The links are the server's; only the toggle is client code.
 */
export function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Box
      component="section"
      data-testid="footer-section"
      sx={{ borderBottom: { xs: 1, md: 0 }, borderColor: 'divider' }}
    >
      <Typography
        variant="subtitle2"
        component="h2"
        sx={{ display: { xs: 'none', md: 'block' }, mb: 1.5 }}
      >
        {title}
      </Typography>
      <Typography variant="subtitle2" component="h2" sx={{ display: { md: 'none' } }}>
        <ButtonBase
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          sx={{ width: '100%', justifyContent: 'space-between', py: 1.5, font: 'inherit' }}
        >
          {title}
          <ExpandMoreIcon
            aria-hidden
            sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
          />
        </ButtonBase>
      </Typography>
      <Box
        id={panelId}
        sx={{ display: { xs: open ? 'block' : 'none', md: 'block' }, pb: { xs: 2, md: 0 } }}
      >
        {children}
      </Box>
    </Box>
  );
}
