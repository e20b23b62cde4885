/** Placeholder until the trade capability builds this screen. */
import { TabPlaceholder } from '../../components/PlaceholderPage';

export function ExchangePage() {
  return <TabPlaceholder title="Exchange" />;
}
