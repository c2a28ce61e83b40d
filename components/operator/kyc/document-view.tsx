'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { KycDocument } from '@/lib/schemas/kyc';
import { useDocumentBytes } from './document-bytes';
import { PdfPages } from './pdf-pages';

/** An image from fetched bytes, by a blob address that lives as long as the view. */
function BlobImage({ bytes, type, alt }: { bytes: ArrayBuffer; type: string; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([bytes], { type }));
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [bytes, type]);
  return (
    <Box
      component="img"
      ref={image}
      alt={alt}
      sx={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain', alignSelf: 'flex-start' }}
    />
  );
}

/** One document of a case, shown inside the room: an image inline, a PDF drawn by pdf.js. */
export function DocumentView({ document }: { document: KycDocument }) {
  const t = useTranslations('backOffice.kyc');
  const tv = useTranslations('verification');
  const file = useDocumentBytes(document.id);
  const name = tv(`document.${document.kind}`);
  return (
    <Stack spacing={1} component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2">
        {name} · {tv(`status.${document.status}`)}
      </Typography>
      {file.isPending && <CircularProgress size={24} aria-label={t('loadingDocument')} />}
      {file.isError && <Alert severity="error">{file.error.message}</Alert>}
      {file.data &&
        (document.type === 'pdf' ? (
          <PdfPages bytes={file.data} label={name} />
        ) : (
          <BlobImage bytes={file.data} type={`image/${document.type}`} alt={name} />
        ))}
    </Stack>
  );
}
