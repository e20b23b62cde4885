/** Placeholder until the support capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';
import { PATHS } from '../../lib/paths';

export function ChatPage() {
  return <SubPagePlaceholder title="Chat" fallback={PATHS.support} />;
}
