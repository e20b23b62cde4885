/** Placeholder until the pages capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function LegalCurrencyPage() {
  return <SubPagePlaceholder title="Legal Currency" />;
}
