// {cata}/page/{opt} (new: no id; edit: ?id=), /page/{opt}?id= and the read-only /page/view/{opt}?id=
// (RTE-16: every input disabled, no Save, Submit or Delete).
import { Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateProps } from '../../router/templates';
import { DocumentPanel } from '../form/DocumentPanel';
import { entityPaths } from '../paths';
import { routeEntity } from './routeEntity';
import { NoEntity } from './states';

export default function DocumentScreen(props: TemplateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const entry = routeEntity(props);
  if (!entry) return <NoEntity opt={props.opt} />;
  const id = params.get('id') || null;
  const readOnly = props.readOnly || props.kind === 'page.view';
  const paths = entityPaths(entry);
  return (
    <DocumentPanel
      // A different document (or a new one) is a fresh form.
      key={`${entry.def.name}:${id ?? 'new'}`}
      entry={entry}
      id={id}
      readOnly={readOnly}
      extra={
        <Button icon={<UnorderedListOutlined />} onClick={() => navigate(paths.index)} data-testid="back-to-list">
          {t('engine.backToList')}
        </Button>
      }
      onSaved={(doc, created) => {
        // Stay on the form, now on the saved document's address.
        if (created) navigate(paths.edit(String(doc.id)), { replace: true });
      }}
    />
  );
}
