// The showcase's stand-in session: licence type, dashroles and the route action the form
// conditions and role requirements read (FORM-11..15), starting from the real session.
import { Card, Checkbox, Form, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionContext } from '@seamline/core';
import type { RouteAction } from '../session';

export const DEMO_ROLES = ['ADMIN', 'BUYER', 'QA', 'GUEST'];

export interface Simulation {
  session: SessionContext;
  routeAction: RouteAction;
}

export function SessionSimulator({ value, onChange }: { value: Simulation; onChange: (v: Simulation) => void }) {
  const { t } = useTranslation();
  const { session, routeAction } = value;
  const set = (patch: Partial<SessionContext>) => onChange({ ...value, session: { ...session, ...patch } });
  return (
    <Card size="small" title={t('engine.demo.simulator')} data-testid="session-simulator">
      <Form layout="vertical" size="small">
        <Form.Item label={t('engine.demo.licence')} style={{ marginBottom: 8 }}>
          <Select
            aria-label={t('engine.demo.licence')}
            data-testid="sim-licence"
            value={String(session.license_type ?? '')}
            onChange={(v) => set({ license_type: v })}
            options={[
              { value: 'PRO', label: 'PRO' },
              { value: 'BASIC', label: 'BASIC' },
              { value: '', label: t('engine.demo.none') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('engine.demo.roles')} style={{ marginBottom: 8 }}>
          <Checkbox.Group
            data-testid="sim-roles"
            value={session.dashroles}
            onChange={(roles) => set({ dashroles: roles as string[] })}
            options={DEMO_ROLES.map((r) => ({ value: r, label: r }))}
          />
        </Form.Item>
        <Form.Item label={t('engine.demo.routeAction')} style={{ marginBottom: 0 }}>
          <Segmented<RouteAction>
            data-testid="sim-route-action"
            value={routeAction}
            onChange={(v) => onChange({ ...value, routeAction: v })}
            options={['create', 'edit', 'view']}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
