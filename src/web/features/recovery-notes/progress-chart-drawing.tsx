import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgressRow } from './progress-rows';

/**
 * The drawing itself, in its own chunk so recharts loads only where a chart is shown. Pain on the left axis
 * (0-10), the average goal progress on the right (0-100 %).
 */
export default function ProgressChartDrawing({ rows }: { rows: ProgressRow[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
        <XAxis dataKey="day" tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
        <YAxis
          yAxisId="pain"
          domain={[0, 10]}
          ticks={[0, 2, 4, 6, 8, 10]}
          width={32}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
        />
        <YAxis
          yAxisId="goals"
          orientation="right"
          domain={[0, 100]}
          unit="%"
          width={44}
          tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
        />
        <Tooltip />
        <Legend />
        <Line
          yAxisId="pain"
          type="monotone"
          dataKey="painScore"
          name="Pain score (0-10)"
          stroke="var(--destructive)"
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="goals"
          type="monotone"
          dataKey="goalProgress"
          name="Goal progress (%)"
          stroke="var(--primary)"
          strokeWidth={2}
          strokeDasharray="6 3"
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
