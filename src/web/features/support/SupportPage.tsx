/** Placeholder until the support capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function SupportPage() {
  return <SubPagePlaceholder title="Customer Support" />;
}
