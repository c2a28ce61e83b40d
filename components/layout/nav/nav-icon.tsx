import CasinoIcon from '@mui/icons-material/Casino';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CurrencyBitcoinIcon from '@mui/icons-material/CurrencyBitcoin';
import DiamondIcon from '@mui/icons-material/Diamond';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TimerIcon from '@mui/icons-material/Timer';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { MenuIcon } from '@/lib/navigation/menu';

const icons: Record<MenuIcon, ComponentType<SvgIconProps>> = {
  sports: SportsSoccerIcon,
  casino: CasinoIcon,
  slots: DiamondIcon,
  racing: TimerIcon,
  crypto: CurrencyBitcoinIcon,
  futures: ShowChartIcon,
  promotions: LocalOfferIcon,
  vip: EmojiEventsIcon,
  bonus: CardGiftcardIcon,
  referral: GroupAddIcon,
  xgames: RocketLaunchIcon,
  help: HelpOutlineIcon,
  support: SupportAgentIcon,
};

export function NavIcon({ name, ...props }: { name?: MenuIcon } & SvgIconProps) {
  if (!name) return null;
  const Icon = icons[name];
  return <Icon fontSize="small" {...props} />;
}
