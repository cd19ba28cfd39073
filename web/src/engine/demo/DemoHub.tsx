// /superdemo and /superdemopage/{opt}: the showcase's front page. Every card opens a generic
// screen on the demo definition (in-memory data) or on master data (vendors, from the server).
import { Alert, Card, Col, Row, Typography } from 'antd';
import {
  AppstoreOutlined,
  EyeOutlined,
  FormOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SearchOutlined,
  SplitCellsOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateProps } from '../../router/templates';
import { entityPaths } from '../paths';
import { DEMO_ROWS } from './demoRows';
import { demoEntry } from './register';

interface Tile {
  key: string;
  icon: ReactNode;
  to: string;
}

const first = String(DEMO_ROWS[0].id);
const paths = entityPaths(demoEntry);

const TILES: Tile[] = [
  { key: 'form', icon: <FormOutlined />, to: '/superdemopage/form' },
  { key: 'dynapage', icon: <AppstoreOutlined />, to: '/superdemopage/dynapage' },
  { key: 'index', icon: <TableOutlined />, to: paths.index },
  { key: 'ectabindex', icon: <ProfileOutlined />, to: `/superdemo/ectabindex/${demoEntry.opt}` },
  { key: 'masterdetail', icon: <SplitCellsOutlined />, to: paths.masterdetail() },
  { key: 'view', icon: <EyeOutlined />, to: paths.view(first) },
  { key: 'print', icon: <PrinterOutlined />, to: paths.print(first) },
  { key: 'pick', icon: <SearchOutlined />, to: `/superdemopage/pick/${demoEntry.opt}` },
  { key: 'pickVendor', icon: <SearchOutlined />, to: '/superdemopage/pick/vendor' },
];

export default function DemoHub({ kind, opt }: TemplateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unknown = kind === 'superdemopage.opt' && opt;
  return (
    <div data-testid="demo-hub">
      {unknown && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('engine.demo.unknownPage', { opt })} />}
      <Typography.Paragraph type="secondary">{t('engine.demo.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {TILES.map((tile) => (
          <Col key={tile.key} xs={24} sm={12} lg={8}>
            <Card
              hoverable
              size="small"
              tabIndex={0}
              role="link"
              data-testid={`demo-tile-${tile.key}`}
              onClick={() => navigate(tile.to)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') navigate(tile.to);
              }}
            >
              <Card.Meta avatar={<span className="sl-demo-icon">{tile.icon}</span>} title={t(`engine.demo.tile.${tile.key}`)} description={t(`engine.demo.tile.${tile.key}.text`)} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
