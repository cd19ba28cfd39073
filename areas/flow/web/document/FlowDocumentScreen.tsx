// /page/document/{opt}, /zp/{cata}/document/{opt} and /clientrpt/document/{opt} (?id=): one
// document of any engine entity — header, lines, lifecycle label and the actions valid now (the
// engine's DocumentPanel), the approval panel of a flow-driven entity (flowExtension) and the
// document's attachments and notes. The same document whichever template opened it (DOC-04).
import { lazy, Suspense, type ComponentType } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateProps } from '../../../../web/src/router/templates';
import { DocumentPanel } from '../../../../web/src/engine/form/DocumentPanel';
import { entityByOpt, entityByRoute } from '../../../../web/src/engine/registry';
import { NoEntity } from '../../../../web/src/engine/screens/states';
import '../messages';
import './flowExtension';

type AttachmentsProps = { entity: string; recordId: string; readOnly?: boolean };
// The collaboration area's attachments and notes, when it has published them.
const attachmentModules = import.meta.glob<{ DocumentAttachments?: ComponentType<AttachmentsProps>; default?: ComponentType<AttachmentsProps> }>(
  '../../../../web/src/collab/DocumentAttachments.tsx',
);
const loadAttachments = Object.values(attachmentModules)[0];
const DocumentAttachments = loadAttachments
  ? lazy<ComponentType<AttachmentsProps>>(async () => {
      const mod = await loadAttachments();
      return { default: mod.DocumentAttachments ?? mod.default ?? (() => null) };
    })
  : null;

export default function FlowDocumentScreen(props: TemplateProps) {
  const { t } = useTranslation();
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
      {id &&
        (DocumentAttachments ? (
          <div className="cpm-panel" data-testid="document-attachments">
            <Suspense fallback={<Skeleton active />}>
              <DocumentAttachments entity={entry.def.name} recordId={id} />
            </Suspense>
          </div>
        ) : (
          // Until the collaboration area publishes its component, a marked place for it.
          <Card size="small" className="cpm-panel" title={t('doc.attachments')} data-testid="document-attachments">
            <Typography.Text type="secondary" data-testid="attachments-slot">
              {t('doc.attachmentsLater')}
            </Typography.Text>
          </Card>
        ))}
    </div>
  );
}
