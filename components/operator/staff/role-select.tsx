'use client';

import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslations } from 'next-intl';
import { operatorRoles } from '@/lib/schemas/operator';

/** A choice of back-office role, named in the staff member's language. */
export function RoleSelect(props: Omit<TextFieldProps, 'select' | 'children'>) {
  const roleName = useTranslations('backOffice.roles');
  return (
    <TextField select size="small" sx={{ minWidth: 140 }} {...props}>
      {operatorRoles.map((role) => (
        <MenuItem key={role} value={role}>
          {roleName(role)}
        </MenuItem>
      ))}
    </TextField>
  );
}
