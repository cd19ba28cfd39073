// One report drawn: title, its filters (the engine's own filter bar over the report's filter
// fields, when the source is an engine entity), Export and Print, the chart and the table with a
// total row. Shared by /{cata}/dsrptindex/{opt}, /zp/{cata}/qvrpt/{opt}, /clientrpt/… and the
// print view.
import { useMemo, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Row, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toastError, entityByName, FilterBar, buildQuery, type FilterValues, downloadFile, useNumbers, type Numbers } from '@seamline/web/engine';
import { groupDigits, type ReportData, type ReportMeta, type ReportRow } from './api';
import { ReportChart, ReportThemeSwitch } from './ReportChart';

/** The engine definition of the report's entity with the report's filters as its list filters. */
export function useReportFilterDef(report: ReportMeta | undefined) {
  return useMemo(() => {
    const entry = entityByName(report?.entity ?? undefined);
    if (!entry || !report?.filters.length) return null;
    return { ...entry.def, list: { ...entry.def.list, filters: report.filters } };
  }, [report]);
}

/** The q of filter values, as the report endpoints take it ('' when none). */
export function reportQuery(def: ReturnType<typeof useReportFilterDef>, values: FilterValues): string {
  if (!def) return '';
  const q = buildQuery(def, values);
  return Object.keys(q).length ? JSON.stringify(q) : '';
}

/**
 * A measure as it reads: pieces in their unit, amounts with their currency (issue 30); a group
 * that mixes currencies or units shows each figure, never one sum across them.
 */
function MeasureValue({ row, mkey, data, n }: { row: Record<string, string | null>; mkey: string; data: ReportData; n: Numbers }) {
  const { t } = useTranslation();
  const unit = data.units?.[mkey];
  const fmt = (v: string | null | undefined, code: string | null | undefined) =>
    v === null || v === undefined || v === '' ? '—' : unit?.kind === 'currency' ? n.amount(v, code) : unit?.kind === 'unit' ? n.qty(v, code) : groupDigits(v);
  const by = row[`${mkey}__by`];
  if (by) {
    const parts = JSON.parse(by) as Array<{ code: string; value: string }>;
    return (
      // One line per currency, so the column stays as narrow as its widest figure (390 px).
      <span className="sl-report-number" data-testid="report-split">
        {parts.map((e) => (
          <span key={e.code} style={{ display: 'block', whiteSpace: 'nowrap' }}>
            {fmt(e.value, e.code)}
          </span>
        ))}
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
          {t(unit?.kind === 'currency' ? 'rpt.perCurrency' : 'rpt.perUnit')}
        </Typography.Text>
      </span>
    );
  }
  return <span className="sl-report-number">{fmt(row[mkey], unit?.code ?? row[`${mkey}__code`])}</span>;
}

export function ReportTable({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const { report } = data;
  const columns = [
    { key: 'label', dataIndex: 'label', title: report.group_label, ellipsis: true },
    ...report.measures.map((m) => ({
      key: m.key,
      dataIndex: m.key,
      title: m.label,
      align: 'right' as const,
      render: (_: string | null, r: ReportRow) => <MeasureValue row={r} mkey={m.key} data={data} n={n} />,
    })),
  ];
  return (
    <Table<ReportRow>
      data-testid="report-table"
      size="small"
      rowKey={(r) => r.key ?? '∅'}
      columns={columns}
      dataSource={data.rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rpt.empty')} /> }}
      summary={() =>
        data.rows.length ? (
          <Table.Summary.Row data-testid="report-total">
            <Table.Summary.Cell index={0}>
              <strong>{t('rpt.total')}</strong>
            </Table.Summary.Cell>
            {report.measures.map((m, i) => (
              <Table.Summary.Cell key={m.key} index={i + 1} align="right">
                <strong>
                  <MeasureValue row={data.total} mkey={m.key} data={data} n={n} />
                </strong>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

export interface ReportViewProps {
  data: ReportData;
  /** Endpoint and query of the .xlsx export. */
  exportPath: string;
  exportQuery: Record<string, string>;
  /** The print view's URL (opens /printpage/htprintview). */
  printUrl: string;
  filterDef: ReturnType<typeof useReportFilterDef>;
  filters: FilterValues;
  onFilter: (values: FilterValues) => void;
  /** Above the report (the client report's company choice). */
  extra?: ReactNode;
}

export function ReportView({ data, exportPath, exportQuery, printUrl, filterDef, filters, onFilter, extra }: ReportViewProps) {
  const { t } = useTranslation();
  const { report } = data;
  const exportNow = async () => {
    // The same answer as the server's, without a round trip (spec §8 'nothing to export').
    if (data.rows.length === 0) {
      toastError(t('common.nothingToExport'));
      return;
    }
    await downloadFile(exportPath, exportQuery, `${report.opt}.xlsx`);
  };
  return (
    <div data-testid="report-view" data-report={report.opt}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <div>
          <Typography.Title level={4} style={{ marginBottom: 4 }} data-testid="report-title">
            {report.label}
          </Typography.Title>
          <Typography.Text type="secondary">{report.description}</Typography.Text>
        </div>
        {extra}
        {filterDef && <FilterBar def={filterDef} values={filters} onSearch={onFilter} onReset={() => onFilter({})} />}
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportNow()} data-testid="report-export">
            {t('rpt.export')}
          </Button>
          <Button icon={<PrinterOutlined />} href={printUrl} data-testid="report-print">
            {t('rpt.print')}
          </Button>
        </Space>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('rpt.chart')} extra={<ReportThemeSwitch />}>
              {data.rows.length ? <ReportChart data={data} /> : <Empty description={t('rpt.empty')} />}
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title={t('rpt.table')}>
              <ReportTable data={data} />
            </Card>
          </Col>
        </Row>
      </Space>
    </div>
  );
}
