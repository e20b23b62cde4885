/** Icons of the trade screens (components/icons' frame, 20 px by default). */
import { Icon, type IconProps } from '../../components/icons';

export const ChevronDownIcon = (p: IconProps) => (
  <Icon size={20} {...p}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const HistoryIcon = (p: IconProps) => (
  <Icon size={20} {...p}>
    <path d="M9 4h9a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8" />
    <path d="M9 11h6M9 15h6M5 4l4 4M9 4v4H5" />
  </Icon>
);

export const TransferIcon = (p: IconProps) => (
  <Icon size={20} {...p}>
    <path d="M7 4v16M7 20l-3-3M17 20V4M17 4l3 3" />
  </Icon>
);

export const CoinListIcon = (p: IconProps) => (
  <Icon size={20} {...p}>
    <path d="M4 6h16M4 12h10M4 18h7" />
  </Icon>
);
