// /sys/masterdetail/cpm-process (menu SYS_PROCESS) and /sys/page/cpm-process?id=: the engine's
// process list on the left, the designer beside it. The choice lives in the address (?id=,
// ?new=1) like every master-detail screen.
import { useLocation, useSearchParams } from 'react-router';
import { type TemplateProps, MasterDetailLayout, routeEntity, NoEntity, type EntityEntry } from '@seamline/web/engine';
import '../messages';
import '../flow.css';
import { ProcessDesigner } from './ProcessDesigner';

export default function DesignerScreen(props: TemplateProps) {
  const { pathname } = useLocation();
  const entry = routeEntity(props);
  if (!entry) return <NoEntity opt={props.opt} />;
  if (props.kind === 'page') return <SingleDesigner entry={entry} />;
  return <ListAndDesigner key={pathname} entry={entry} routeKey={pathname} />;
}

function SingleDesigner({ entry }: { entry: EntityEntry }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const open = (next: string) => setParams({ id: next }, { replace: true });
  return <ProcessDesigner key={id ?? 'new'} entry={entry} id={id} onSaved={(doc, created) => created && open(String(doc.id))} onCopied={(doc) => open(String(doc.id))} />;
}

function ListAndDesigner({ entry, routeKey }: { entry: EntityEntry; routeKey: string }) {
  return (
    <MasterDetailLayout
      entry={entry}
      routeKey={routeKey}
      testId="designer"
      listColumns={2}
      listSpan={6}
      renderDetail={({ id, open }) => (
        <ProcessDesigner key={id ?? 'new'} entry={entry} id={id} onSaved={(doc, created) => created && open(String(doc.id))} onCopied={(doc) => open(String(doc.id))} />
      )}
    />
  );
}
