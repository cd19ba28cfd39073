// /dev/masterdetail/bom (and /dev/page/bom): the engine's BOM form (lines per colourway, tier
// prices, activation 0/10/40/100) with the cost roll-up of the chosen BOM under it.
import { Space } from 'antd';
import { useSearchParams } from 'react-router';
import { DocumentScreen, MasterDetailScreen, type TemplateProps } from '@seamline/web/engine';
import { CostPanel } from './CostPanel';
import './register-messages';
import './development.css';

export default function BomScreen(props: TemplateProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {props.kind === 'masterdetail' ? <MasterDetailScreen {...props} /> : <DocumentScreen {...props} />}
      {id ? <CostPanel key={id} bomId={id} /> : null}
    </Space>
  );
}
