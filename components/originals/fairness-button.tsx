'use client';

import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState } from 'react';

// The dialog (and the schema it checks client seeds with) loads when first opened.
const FairnessDialog = dynamic(() => import('./fairness-dialog').then((m) => m.FairnessDialog));

/** Every original's "Fairness" button and the dialog it opens (seeds are a signed-in player's). */
export function FairnessButton({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations('originals.fairness');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={!signedIn}>
        {t('open')}
      </Button>
      {signedIn && open && <FairnessDialog open onClose={() => setOpen(false)} />}
    </>
  );
}
