// /srm/page/rfq?id= : the engine's project form (fields, RFQ items, RFI questions) with the
// sourcing workspace under it once the project exists.
import { useSearchParams } from 'react-router';
import { DocumentScreen, type TemplateProps } from '@seamline/web/engine';
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
