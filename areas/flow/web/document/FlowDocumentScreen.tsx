// /page/document/{opt}, /zp/{cata}/document/{opt} and /clientrpt/document/{opt} (?id=): one
// document of any engine entity — header, lines, lifecycle label and the actions valid now (the
// engine's DocumentPanel), the approval panel of a flow-driven entity (flowExtension) and the
// document's attachments and notes (web/src/collab/register.ts). The same document whichever template opened it (DOC-04).
import { useSearchParams } from 'react-router';
import { type TemplateProps, DocumentPanel, entityByOpt, entityByRoute, NoEntity } from '@seamline/web/engine';
import '../messages';
import './flowExtension';

export default function FlowDocumentScreen(props: TemplateProps) {
  const [params, setParams] = useSearchParams();
  // /zp/{cata}/document/{opt}: the cata is the production menu's, the document is found by opt.
  const entry = entityByRoute(props.cata, props.opt) ?? entityByOpt(props.opt);
  if (!entry) return <NoEntity opt={props.opt} />;
  const id = params.get('id') || null;
  return (
    <div data-testid="flow-document-screen" data-template={props.kind}>
      <DocumentPanel
        key={`${entry.def.name}:${id ?? 'new'}`}
        entry={entry}
        id={id}
        readOnly={props.readOnly}
        onSaved={(doc, created) => {
          if (created) setParams({ id: String(doc.id) }, { replace: true });
        }}
      />
    </div>
  );
}
