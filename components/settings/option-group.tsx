'use client';

import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';

type Option<T extends string> = { value: T; label: ReactNode; swatch?: string };

/** One labelled row of exclusive choices in the settings drawer. */
export function OptionGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  hint,
  columns = Math.min(options.length, 3),
}: {
  label: string;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
  disabled?: boolean;
  hint?: string;
  columns?: number;
}) {
  const labelId = useId();
  return (
    <Stack spacing={1}>
      <Typography id={labelId} variant="overline" color="text.secondary">
        {label}
      </Typography>
      <ToggleButtonGroup
        aria-labelledby={labelId}
        exclusive
        size="small"
        value={value}
        disabled={disabled}
        onChange={(_, next: T | null) => next && onChange(next)}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gap: 1,
          // Separate tiles rather than one joined bar: every option keeps its own border.
          '& .MuiToggleButtonGroup-grouped': {
            m: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            '&.Mui-selected': { borderColor: 'primary.main' },
          },
        }}
      >
        {options.map((option) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            sx={{ gap: 1, textTransform: 'none', justifyContent: 'center' }}
          >
            {option.swatch && (
              <span
                aria-hidden
                style={{
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  background: option.swatch,
                  display: 'inline-block',
                }}
              />
            )}
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Stack>
  );
}
