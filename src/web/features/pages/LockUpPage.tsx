/** Placeholder until the pages capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function LockUpPage() {
  return <SubPagePlaceholder title="Lock-up" />;
}
