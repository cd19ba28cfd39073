// /page/subindex/{opt}?parent=<entity>&id=<id>&child=<name>: one child table of a document as a
// read-only list (e.g. a vendor's contacts), with a way back to the document.
import { Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { childOf, documentName, pickLabel, type ChildTableDef } from '@seamline/core';
import { useLang } from '../../i18n';
import type { TemplateProps } from '../../router/templates';
import { useDocument } from '../data/hooks';
import { ChildRowsTable } from '../print/ChildRowsTable';
import { entityPaths } from '../paths';
import { entityByName, type EntityEntry } from '../registry';
import { useSessionContext } from '../session';
import { routeEntity } from './routeEntity';
import { LoadFailed, NoEntity } from './states';

export default function SubIndexScreen(props: TemplateProps) {
  const [params] = useSearchParams();
  const entry = entityByName(params.get('parent') ?? undefined) ?? routeEntity({ opt: props.opt });
  if (!entry) return <NoEntity opt={props.opt} />;
  const wanted = params.get('child');
  const child = (wanted ? childOf(entry.def, wanted) : undefined) ?? entry.def.children?.[0];
  return <SubIndex entry={entry} id={params.get('id')} child={child} />;
}

function SubIndex({ entry, id, child }: { entry: EntityEntry; id: string | null; child?: ChildTableDef }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const session = useSessionContext();
  const doc = useDocument(entry, id);
  const { def } = entry;
  if (!id || !child) return <Empty description={t('engine.subindex.missing')} data-testid="subindex-missing" />;
  if (doc.isLoading) return <Skeleton active />;
  if (doc.isError || !doc.data) return <LoadFailed error={doc.error} onRetry={() => void doc.refetch()} />;
  const parentName = documentName(def, doc.data, lang);
  return (
    <Card
      className="sl-list-card"
      data-testid="subindex-screen"
      title={
        <Space>
          <Typography.Text strong>{pickLabel(child.label, lang)}</Typography.Text>
          <Typography.Text type="secondary">
            {pickLabel(def.label, lang)} {parentName}
          </Typography.Text>
        </Space>
      }
      extra={
        <Button icon={<FileTextOutlined />} onClick={() => navigate(entityPaths(entry).view(id))}>
          {t('engine.subindex.openParent')}
        </Button>
      }
    >
      <ChildRowsTable def={def} child={child} doc={doc.data} session={session} />
    </Card>
  );
}
