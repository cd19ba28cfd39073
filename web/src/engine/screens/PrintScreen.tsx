// /printpage/{opt}?id=: the print layout of a document (RTE-17). The print shell around it has
// the Print button (window.print) and Back; nothing here is editable.
import { Empty, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { documentName, pickLabel } from '@seamline/core';
import { useLang } from '../../i18n';
import type { TemplateProps } from '../../router/templates';
import { useDocument } from '../data/hooks';
import { PrintDocument } from '../print/PrintDocument';
import type { EntityEntry } from '../registry';
import { useSessionContext } from '../session';
import { routeEntity } from './routeEntity';
import { LoadFailed, NoEntity } from './states';

export default function PrintScreen(props: TemplateProps) {
  const [params] = useSearchParams();
  const entry = routeEntity({ opt: props.opt });
  if (!entry) return <NoEntity opt={props.opt} />;
  return <PrintView entry={entry} id={params.get('id')} />;
}

function PrintView({ entry, id }: { entry: EntityEntry; id: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSessionContext();
  const doc = useDocument(entry, id);
  if (!id) return <Empty description={t('engine.print.noId')} />;
  if (doc.isLoading) return <Skeleton active />;
  if (doc.isError || !doc.data) return <LoadFailed error={doc.error} onRetry={() => void doc.refetch()} />;
  const { def } = entry;
  return (
    <div data-testid="print-screen">
      <Typography.Title level={3} className="sl-print-heading">
        {pickLabel(def.label, lang)} {documentName(def, doc.data, lang)}
      </Typography.Title>
      <PrintDocument def={def} doc={doc.data} session={session} />
    </div>
  );
}
