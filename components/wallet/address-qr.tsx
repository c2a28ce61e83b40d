'use client';

import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect, useState } from 'react';

/** A QR code of `value`, drawn in the browser (qrcode loads with the first one shown). */
export function AddressQr({
  value,
  label,
  size = 168,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const [image, setImage] = useState<{ value: string; data: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(value, { margin: 1, width: size }).then(
        (data) => live && setImage({ value, data }),
      ),
    );
    return () => {
      live = false;
    };
  }, [value, size]);
  if (image?.value !== value) {
    return <Skeleton variant="rectangular" width={size} height={size} aria-label={label} />;
  }
  return (
    <Box
      component="img"
      src={image.data}
      alt={label}
      width={size}
      height={size}
      data-testid="deposit-qr"
      sx={{ bgcolor: 'common.white', borderRadius: 1, p: 0.5 }}
    />
  );
}
