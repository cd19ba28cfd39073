// /superdemopage/form: the demo definition in the engine's form, without saving. Submitting runs
// core validation and shows the body the form would post (FORM-06..08 observable); the session
// simulator drives the session conditions and role gates; 'Simulate server errors' places an
// 11000 answer on a field and a child row as a real save would.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Form, Row, Space, Typography } from 'antd';
import { BugOutlined, CheckCircleOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { childOf, defaultValues } from '@seamline/core';
import { toastSuccess } from '../../api';
import { applyServerErrors, SpecForm } from '../../form';
import { useLang } from '../../i18n';
import type { Row as Doc } from '../data/source';
import { EntityForm } from '../form/EntityForm';
import { useSessionContext } from '../session';
import { demoOrderEntity } from './demoEntity';
import { SessionSimulator, type Simulation } from './SessionSimulator';

export function newDemoOrder(): Doc {
  const lines = childOf(demoOrderEntity, 'lines')!;
  return { ...defaultValues(demoOrderEntity), lines: [defaultValues(lines.fields)] };
}

export default function DemoFormScreen() {
  const { t } = useTranslation();
  const lang = useLang();
  const real = useSessionContext();
  const [form] = Form.useForm();
  const [sim, setSim] = useState<Simulation>(() => ({ session: real, routeAction: 'create' }));
  const [body, setBody] = useState<Doc | null>(null);
  const [opening, setOpening] = useState(0);
  const initialValues = useMemo(() => newDemoOrder(), [opening]); // eslint-disable-line react-hooks/exhaustive-deps

  const simulateServerErrors = () =>
    applyServerErrors(
      form,
      {
        code: [t('engine.demo.serverErrorCode')],
        lines: [{ item: [t('engine.demo.serverErrorItem')] }],
      },
      lang,
    );

  const header = (
    <div className="sl-document-header">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('engine.demo.formTitle')}
      </Typography.Title>
      <Space wrap>
        <Button icon={<UndoOutlined />} onClick={() => { setBody(null); setOpening((n) => n + 1); }}>
          {t('engine.demo.reset')}
        </Button>
        <Button icon={<BugOutlined />} onClick={simulateServerErrors} data-testid="demo-server-errors">
          {t('engine.demo.serverErrors')}
        </Button>
        {sim.routeAction !== 'view' && (
          <SpecForm.Submit icon={<CheckCircleOutlined />} data-testid="demo-submit">
            {t('engine.demo.prepare')}
          </SpecForm.Submit>
        )}
      </Space>
    </div>
  );

  return (
    <Row gutter={16} data-testid="demo-form-screen">
      <Col xs={24} xl={16}>
        <Card className="sl-document-card">
          <EntityForm
            def={demoOrderEntity}
            form={form}
            name="demo-order-form"
            initialValues={initialValues}
            session={sim.session}
            routeAction={sim.routeAction}
            readOnly={sim.routeAction === 'view'}
            header={header}
            onSubmit={(prepared) => {
              setBody(prepared);
              toastSuccess(t('engine.demo.prepared'));
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <SessionSimulator value={sim} onChange={setSim} />
          <Card size="small" title={t('engine.demo.body')}>
            {body ? (
              <pre className="sl-json-value" data-testid="demo-post-body">
                {JSON.stringify(body, null, 2)}
              </pre>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('engine.demo.bodyEmpty')} />
            )}
          </Card>
        </Space>
      </Col>
    </Row>
  );
}
