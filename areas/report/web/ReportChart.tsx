// A report's chart (ECharts, tree-shaken like the capacity board; SVG: sharp on wall screens and paper): a bar per group for every
// measure, or a pie of the first measure. The profile's rpt_theme picks the ECharts theme
// ('dark' → ECharts' dark theme on a dark panel; anything else the default on the white card),
// switched right on the chart's card (ReportThemeSwitch). Values are plotted as numbers —
// drawing only; the table beside it shows the exact text.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveSettings, useSessionUser } from '@seamline/web/engine';
import type { ReportData } from './api';
import './report.css';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/**
 * The ECharts theme of the profile's rpt_theme (RPT-08). The setting saved a moment ago (the
 * chart's own theme switch) wins over the rpt_theme the profile was loaded with.
 */
export function useReportTheme(): string | undefined {
  const user = useSessionUser();
  const saved = user?.settings?.RPT_THEME;
  const theme = typeof saved === 'string' ? saved : user?.rpt_theme;
  return theme === 'dark' ? 'dark' : undefined;
}

/** Light or dark, saved as the personal RPT_THEME setting (what rpt_theme reads). */
export function ReportThemeSwitch() {
  const { t } = useTranslation();
  const theme = useReportTheme() ?? 'default';
  return (
    <Segmented
      size="small"
      data-testid="report-theme"
      value={theme}
      options={[
        { value: 'default', label: t('rpt.themeLight') },
        { value: 'dark', label: t('rpt.themeDark') },
      ]}
      onChange={(v) => void saveSettings({ RPT_THEME: String(v) }).catch(() => undefined)}
    />
  );
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
      series: [
        {
          type: 'pie',
          name: m.label,
          radius: ['30%', '55%'],
          // Labels sit at the chart's edges and wrap within a fixed width, so a phone-wide chart
          // clips none of them (issue 23).
          label: { alignTo: 'edge', edgeDistance: 4, minMargin: 4, width: 80, overflow: 'break', lineHeight: 14, formatter: '{b}\n{d}%' },
          labelLine: { length: 8, length2: 0, maxSurfaceAngle: 80 },
          data: data.rows.map((r) => ({ name: r.label, value: value(r[m.key]) })),
        },
      ],
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
    // Each theme on its own background: the dark palette on a dark panel, not on the white card.
    <div
      data-testid="report-chart"
      data-theme={theme ?? 'default'}
      data-chart={data.report.chart}
      className={theme === 'dark' ? 'sl-report-chart sl-report-chart-dark' : 'sl-report-chart'}
    >
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
