'use client';

import type { SxProps, Theme } from '@mui/material/styles';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

type Props<T extends string> = {
  label: string;
  /** The option chosen, or '' for "no filter". */
  value: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  /** A first choice that means "no filter"; left out where the filter always holds a value. */
  anyLabel?: string;
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
};

/** A room's select filter: one look and one behaviour for every room that narrows its grid. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  optionLabel,
  anyLabel,
  onChange,
  sx,
}: Props<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx ?? { minWidth: 180 }}
    >
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
