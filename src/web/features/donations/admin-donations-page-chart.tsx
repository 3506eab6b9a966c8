import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type PeriodBar = { label: string; paid: number; refunded: number };

/** The drawing of the period totals in dollars, in its own chunk so recharts loads only where it is shown. */
export default function DonationPeriodChart({ bars }: { bars: PeriodBar[] }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
        <XAxis dataKey="label" tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
        <YAxis unit="$" width={56} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
        <Tooltip />
        <Legend />
        <Bar dataKey="paid" name="Paid ($)" fill="var(--primary)" isAnimationActive={false} />
        <Bar dataKey="refunded" name="Refunded ($)" fill="var(--destructive)" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
