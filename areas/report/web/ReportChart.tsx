// A report's chart (ECharts, tree-shaken like the capacity board; SVG: sharp on wall screens and paper): a bar per group for every
// measure, or a pie of the first measure. The profile's rpt_theme picks the ECharts theme
// ('dark' → ECharts' dark theme; anything else the default). Values are plotted as numbers —
// drawing only; the table beside it shows the exact text.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useSessionUser } from '../../../web/src/session/store';
import type { ReportData } from './api';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** The ECharts theme of the profile's rpt_theme (RPT-08). */
export function useReportTheme(): string | undefined {
  const user = useSessionUser();
  return user?.rpt_theme === 'dark' ? 'dark' : undefined;
}

export function chartOption(data: ReportData, type: 'bar' | 'pie', animation = true) {
  const labels = data.rows.map((r) => r.label);
  const value = (v: string | null) => (v === null ? 0 : Number(v));
  if (type === 'pie') {
    const m = data.report.measures[0];
    return {
      animation,
      backgroundColor: 'transparent',
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', name: m.label, radius: ['35%', '65%'], data: data.rows.map((r) => ({ name: r.label, value: value(r[m.key]) })) }],
    };
  }
  return {
    animation,
    backgroundColor: 'transparent',
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 4 ? 30 : 0, width: 120, overflow: 'truncate' } },
    yAxis: { type: 'value' },
    series: data.report.measures.map((m) => ({ type: 'bar', name: m.label, data: data.rows.map((r) => value(r[m.key])) })),
  };
}

/** `still`: no animation — the print view (the print dialog may open before one ends). */
export function ReportChart({ data, height = 320, still = false }: { data: ReportData; height?: number; still?: boolean }) {
  const theme = useReportTheme();
  return (
    <div data-testid="report-chart" data-theme={theme ?? 'default'} data-chart={data.report.chart}>
      <ReactEChartsCore
        // A new theme needs a new chart instance.
        key={theme ?? 'default'}
        echarts={echarts}
        theme={theme}
        option={chartOption(data, data.report.chart, !still)}
        notMerge
        opts={{ renderer: 'svg' }}
        style={{ height, width: '100%' }}
      />
    </div>
  );
}
