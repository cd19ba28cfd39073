// /srm/page/rfq?id= : the engine's project form (fields, RFQ items, RFI questions) with the
// sourcing workspace under it once the project exists.
import { useSearchParams } from 'react-router';
import DocumentScreen from '../../../web/src/engine/screens/DocumentScreen';
import type { TemplateProps } from '../../../web/src/router/templates';
import './register-messages';
import { SaveFirst, Workspace } from './Workspace';

export default function ProjectPage(props: TemplateProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <DocumentScreen {...props} />
      {id ? <Workspace projectId={id} /> : <SaveFirst />}
    </>
  );
}
