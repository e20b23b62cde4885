/** Placeholder until the pages capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function AboutUsPage() {
  return <SubPagePlaceholder title="About Us" />;
}
