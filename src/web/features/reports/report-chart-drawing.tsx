import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatterFor } from '../../lib/format';
import type { ReportChart } from './report-views';

/** A report's bars, in their own chunk so recharts loads only where a report is shown. */
export default function ReportChartDrawing({ chart }: { chart: ReportChart }) {
  const format = (value: unknown) => (chart.money ? formatterFor().wholeMoney(Number(value)) : String(value));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart
        data={chart.data}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
        <XAxis dataKey={chart.xKey} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
        <YAxis
          width={chart.money ? 72 : 40}
          allowDecimals={chart.money}
          tickFormatter={format}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
        />
        <Tooltip formatter={format} />
        <Legend />
        {chart.series.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={series.name}
            fill={series.colour}
            stackId={chart.stacked ? 'stack' : undefined}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
