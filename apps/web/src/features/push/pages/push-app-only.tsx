/**
 * Placeholder of /push until the push settings page (issue 20 §1) lands: that page renders
 * <AppChannelPanel /> among the other channels and replaces this file and its route.
 */
import { AppChannelPanel } from '../app-channel';

/** /push with the app channel only. */
export function PushAppOnlyPage() {
  return (
    <div style={{ maxWidth: 720 }}>
      <AppChannelPanel />
    </div>
  );
}
