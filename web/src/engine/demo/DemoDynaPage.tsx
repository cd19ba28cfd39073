// /superdemopage/dynapage: one definition, one document, every way the engine draws it — the
// read-only form, the print layout and the definition itself — from the same field renderers.
import { Card, Form, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityForm } from '../form/EntityForm';
import { PrintDocument } from '../print/PrintDocument';
import { useSessionContext } from '../session';
import { demoOrderEntity } from './demoEntity';
import { DEMO_ROWS } from './demoRows';

const SAMPLE = DEMO_ROWS[0];

/** The definition as data (rules are functions and are left out). */
const definitionJson = JSON.stringify({ ...demoOrderEntity, rules: undefined }, null, 2);

export default function DemoDynaPage() {
  const { t } = useTranslation();
  const session = useSessionContext();
  const [form] = Form.useForm();
  return (
    <Card data-testid="demo-dynapage">
      <Tabs
        items={[
          {
            key: 'view',
            label: t('engine.demo.tabView'),
            children: (
              <EntityForm def={demoOrderEntity} form={form} initialValues={SAMPLE} session={session} routeAction="view" readOnly onSubmit={() => undefined} />
            ),
          },
          { key: 'print', label: t('engine.demo.tabPrint'), children: <PrintDocument def={demoOrderEntity} doc={SAMPLE} session={session} /> },
          { key: 'definition', label: t('engine.demo.tabDefinition'), children: <pre className="sl-json-value">{definitionJson}</pre> },
        ]}
      />
    </Card>
  );
}
