// /{cata}/dsrptindex/{opt} and /zp/{cata}/qvrpt/{opt}: the report named by opt (RPT-03).
import { useState } from 'react';
import { Result, Skeleton } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiQuery, type FilterValues, type TemplateProps } from '@seamline/web/engine';
import { RPT, type ReportData, type ReportMeta } from './api';
import { reportQuery, ReportView, useReportFilterDef } from './ReportView';
import './register-messages';

/** Loads a report; a missing one says so (404), any other failure 'Loading failed'. */
export function ReportState({ query, opt, children }: { query: { isPending: boolean; isError: boolean; error: { status?: number } | null }; opt?: string; children: () => React.ReactNode }) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <div data-testid="report-missing">
        <Result status={query.error?.status === 404 ? '404' : 'warning'} title={query.error?.status === 404 ? t('rpt.noReport', { opt }) : t('common.loadingFailed')} />
      </div>
    );
  if (query.isPending) return <Skeleton active />;
  return <>{children()}</>;
}

export default function ReportScreen({ opt }: TemplateProps) {
  const [filters, setFilters] = useState<FilterValues>({});
  // The definition (for the filter bar) arrives with the first run.
  const [meta, setMeta] = useState<ReportMeta>();
  const filterDef = useReportFilterDef(meta);
  const q = reportQuery(filterDef, filters);
  const query = { opt: opt ?? '', ...(q ? { q } : {}) };
  const run = useApiQuery<ReportData>(RPT.run, query, { notify: false, placeholderData: keepPreviousData, retry: false });
  if (run.data && run.data.report !== meta && run.data.report.opt !== meta?.opt) setMeta(run.data.report);
  return (
    <ReportState query={run} opt={opt}>
      {() => (
        <ReportView
          data={run.data!}
          exportPath={RPT.export}
          exportQuery={query}
          printUrl={`/printpage/htprintview?${new URLSearchParams({ report: opt ?? '', ...(q ? { q } : {}) })}`}
          filterDef={filterDef}
          filters={filters}
          onFilter={setFilters}
        />
      )}
    </ReportState>
  );
}
