/** Placeholder until the wallet capability builds this screen. */
import { TabPlaceholder } from '../../components/PlaceholderPage';

export function AssetsPage() {
  return <TabPlaceholder title="Assets" />;
}
