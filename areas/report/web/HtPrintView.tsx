// /printpage/htprintview (read-only, no shell chrome; RPT-06, RPT-07):
//   ?entity=E&id=ID   a document laid out for printing. A customer document (its definition
//                     references a customer) prints in that customer's print language — labels,
//                     options and headings — whatever the user's own language.
//   ?report=OPT&q=…   a report's chart and table for printing (company=… for a client report).
import { useMemo } from 'react';
import { Empty, Skeleton, Typography } from 'antd';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pickLabel } from '@seamline/core';
import { useApiQuery, useDocument, PrintDocument, entityByName, type EntityEntry, useSessionContext, i18n } from '@seamline/web/engine';
import { RPT, type ReportData } from './api';
import { ReportChart } from './ReportChart';
import { ReportState } from './ReportScreen';
import { ReportTable } from './ReportView';
import './register-messages';

export default function HtPrintView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const report = params.get('report');
  if (report) return <ReportPrint opt={report} q={params.get('q')} company={params.get('company')} />;
  const entry = entityByName(params.get('entity') ?? undefined);
  const id = params.get('id');
  if (!entry || !id) return <Empty description={t('rpt.printNoDoc')} data-testid="print-missing" />;
  return <DocumentPrint entry={entry} id={id} />;
}

function ReportPrint({ opt, q, company }: { opt: string; q: string | null; company: string | null }) {
  const query = { opt, ...(q ? { q } : {}), ...(company ? { company } : {}) };
  const run = useApiQuery<ReportData>(company ? RPT.clientRun : RPT.run, query, { notify: false, retry: false });
  return (
    <ReportState query={run} opt={opt}>
      {() => (
        <div data-testid="report-printout">
          <Typography.Title level={3}>{run.data!.report.label}</Typography.Title>
          <Typography.Paragraph type="secondary">{run.data!.report.description}</Typography.Paragraph>
          {run.data!.rows.length > 0 && <ReportChart data={run.data!} height={280} still />}
          <ReportTable data={run.data!} />
        </div>
      )}
    </ReportState>
  );
}

function DocumentPrint({ entry, id }: { entry: EntityEntry; id: string }) {
  const { t } = useTranslation();
  const session = useSessionContext();
  const doc = useDocument(entry, id);
  const lang = useApiQuery<{ language: 'en' | 'zh' | null }>(RPT.printLanguage, { entity: entry.def.name, id }, { notify: false });
  const printLang = lang.data?.language ?? null;
  // The document's own texts in the print language; the page around it stays in the user's.
  const printI18n = useMemo(() => (printLang ? i18n.cloneInstance({ lng: printLang }) : i18n), [printLang]);
  if (doc.isLoading || lang.isPending) return <Skeleton active />;
  if (doc.isError || !doc.data) return <Empty description={t('common.loadingFailed')} />;
  const { def } = entry;
  return (
    <div data-testid="htprint" data-print-lang={printLang ?? 'user'}>
      {printLang && (
        <Typography.Text type="secondary" className="sl-no-print" data-testid="print-language-note">
          {t('rpt.printLanguage', { lang: t(`rpt.lang.${printLang}`) })}
        </Typography.Text>
      )}
      <I18nextProvider i18n={printI18n}>
        <Typography.Title level={3} className="sl-print-heading" lang={printLang ?? undefined}>
          {pickLabel(def.label, printLang ?? (i18n.language === 'en' ? 'en' : 'zh'))} {String(doc.data[def.display] ?? '')}
        </Typography.Title>
        <PrintDocument def={def} doc={doc.data} session={session} />
      </I18nextProvider>
    </div>
  );
}
