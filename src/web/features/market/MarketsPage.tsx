/** Placeholder until the market capability builds this screen. */
import { TabPlaceholder } from '../../components/PlaceholderPage';

export function MarketsPage() {
  return <TabPlaceholder title="Markets" />;
}
