/** Placeholder until the pages capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function SharingLinkPage() {
  return <SubPagePlaceholder title="Sharing Link" />;
}
