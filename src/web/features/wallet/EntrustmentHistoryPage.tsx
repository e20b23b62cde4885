/** Placeholder until the wallet capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function EntrustmentHistoryPage() {
  return <SubPagePlaceholder title="History" />;
}
