/** Placeholder until the pages capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function ImportantNoticePage() {
  return <SubPagePlaceholder title="Important Notice" />;
}
