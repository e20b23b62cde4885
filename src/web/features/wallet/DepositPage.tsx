/** Placeholder until the wallet capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function DepositPage() {
  return <SubPagePlaceholder title="Deposit" />;
}
