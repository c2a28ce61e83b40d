import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkIcon from '@mui/icons-material/Link';
import TelegramIcon from '@mui/icons-material/Telegram';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { SvgIconProps } from '@mui/material/SvgIcon';

const icons = {
  telegram: TelegramIcon,
  x: XIcon,
  youtube: YouTubeIcon,
  instagram: InstagramIcon,
  facebook: FacebookIcon,
};

/** The glyph for a footer link's `icon` name; an unknown name gets a plain link glyph. */
export function SocialIcon({ name, ...props }: { name?: string } & SvgIconProps) {
  const Icon = (name && icons[name as keyof typeof icons]) || LinkIcon;
  return <Icon {...props} />;
}
