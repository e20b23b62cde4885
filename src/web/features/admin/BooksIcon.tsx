/** The staff menu's Books item: an open ledger (components/icons' frame). */
import { Icon, type IconProps } from '../../components/icons';

export const BooksIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5Z" />
    <path d="M12 6.5v13M6 9h3M6 12h3M15 9h3M15 12h3" />
  </Icon>
);
