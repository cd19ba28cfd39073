// /clientrpt/{opt} (and index/, page/, document/): a client report — the company that placed
// orders at a supplier sees exactly the rows of that relation, for the supplier it chooses
// (?company=). The server answers 404 for a company without a relation.
import { Empty, Form, Select, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiQuery, type TemplateProps } from '@seamline/web/engine';
import { RPT, type ReportData } from './api';
import { ReportState } from './ReportScreen';
import { ReportView } from './ReportView';
import './register-messages';

export default function ClientReportScreen({ opt }: TemplateProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const companies = useApiQuery<Array<{ client_id: string; name: string }>>(RPT.clientCompanies, undefined, { notify: false });
  const company = params.get('company') ?? companies.data?.[0]?.client_id ?? '';
  const query = { opt: opt ?? '', company };
  const run = useApiQuery<ReportData>(RPT.clientRun, query, { notify: false, enabled: !!company, retry: false });
  if (companies.isPending) return <Skeleton active />;
  if (!companies.data?.length) return <Empty description={companies.isError ? t('common.loadingFailed') : t('rpt.noCompanies')} />;
  const chooser = (
    <Form layout="inline">
      <Form.Item label={t('rpt.company')} htmlFor="rpt-company">
        <Select
          id="rpt-company"
          data-testid="report-company"
          style={{ minWidth: 220 }}
          value={company}
          aria-label={t('rpt.chooseCompany')}
          options={companies.data.map((c) => ({ value: c.client_id, label: c.name }))}
          onChange={(v) => setParams({ company: v })}
        />
      </Form.Item>
    </Form>
  );
  return (
    <ReportState query={run} opt={opt}>
      {() => (
        <ReportView
          data={run.data!}
          exportPath={RPT.clientExport}
          exportQuery={query}
          printUrl={`/printpage/htprintview?${new URLSearchParams({ report: opt ?? '', company })}`}
          filterDef={null}
          filters={{}}
          onFilter={() => undefined}
          extra={chooser}
        />
      )}
    </ReportState>
  );
}
