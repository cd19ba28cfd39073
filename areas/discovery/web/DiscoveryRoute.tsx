// /discovery/index and /newdiscovery/index: public (no sign-in, never a redirect) — friends
// discovery of the collaboration area, in the public pages' frame.
import { PublicFrame } from '@seamline/web/engine';
import { DiscoveryPage } from './DiscoveryPage';

export default function Discovery() {
  return (
    <PublicFrame width={1120}>
      <DiscoveryPage />
    </PublicFrame>
  );
}
