// The flow area on the web (docs/flow-web.md): the process designer and project types under
// cata 'sys', the document templates (the demo document, the purchase requirement, is the orders area's)
// /page/document/{opt}, /zp/{cata}/document/{opt}, /clientrpt/document/{opt}, 'my approvals',
// and the engine hook that mounts the approval panel on every flow-driven document.
import { registerEntities, registerTemplate } from '@seamline/web/engine';
import { flowEntities } from '../meta';
import './messages';
import './document/flowExtension';

export const FLOW_CATA = 'sys';

registerEntities(FLOW_CATA, flowEntities);

// The designer replaces the generic master-detail / form of cpm-process (registered after it, so it wins).
const designer = () => import('./designer/DesignerScreen');
registerTemplate('masterdetail', FLOW_CATA, 'cpm-process', designer);
registerTemplate('page', FLOW_CATA, 'cpm-process', designer);
registerTemplate('index', FLOW_CATA, 'cpm-process', designer);

// Project types choose their flow and node status with pickers (CFG-15); the list stays the engine's.
registerTemplate('page', FLOW_CATA, 'project-type', () => import('./projectType/ProjectTypeScreen'));

const documentScreen = () => import('./document/FlowDocumentScreen');
registerTemplate('page.document', undefined, undefined, documentScreen);
registerTemplate('zp.document', undefined, undefined, documentScreen);
registerTemplate('clientrpt.document', undefined, undefined, documentScreen);

// 'My approvals' (menu COLLAB_MY_APPROVALS → /collab/page/my-approvals).
registerTemplate('page', 'collab', 'my-approvals', () => import('./approvals/MyApprovalsScreen'));
