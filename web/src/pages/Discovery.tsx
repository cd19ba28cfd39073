// /discovery/index and /newdiscovery/index: public (no sign-in, never a redirect) — friends
// discovery of the collaboration area (areas/discovery/web).
import { PublicFrame } from '../shell/PublicFrame';
import { DiscoveryPage } from '../../../areas/discovery/web/DiscoveryPage';

export default function Discovery() {
  return (
    <PublicFrame width={1120}>
      <DiscoveryPage />
    </PublicFrame>
  );
}
