import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { avatarColor } from '@/lib/theme/avatar-color';

/** An avatar whose colour and fallback letter come from its alt text (spec §9). */
export function LetterAvatar({ alt, src, sx, ...rest }: AvatarProps & { alt: string }) {
  const color = avatarColor(alt);
  return (
    <Avatar
      alt={alt}
      src={src}
      data-color={color}
      sx={[
        color === 'default' ? {} : { color: `${color}.contrastText`, bgcolor: `${color}.main` },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...rest}
    >
      {alt.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
