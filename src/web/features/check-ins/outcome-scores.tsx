import { toast } from 'sonner';
import { z } from 'zod';
import { MeasureCodeSchema } from '../../../shared/check-ins';
import {
  formatScore,
  OUTCOME_MEASURE_CODES,
  OUTCOME_MEASURES,
  type OutcomeMeasureCode,
} from '../../../shared/outcome-measures';
import { formatterFor } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ScrollRegion } from '../../ui/scroll-region';
import { Select } from '../../ui/select';
import { useUser } from '../auth';
import { useCareBetweenVisits } from '../clinic-features';
import { useDischarge, useOutcomes, useSendCheckIn } from './api';
import type { OutcomeSummary } from './types';

const SendFormSchema = z.object({ measure: MeasureCodeSchema });

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** A practitioner sends a measure to the patient now. */
function SendMeasure({ patientId }: { patientId: string }) {
  const form = useZodForm(SendFormSchema, { measure: 'psfs' });
  const send = useSendCheckIn();
  const discharge = useDischarge();
  const onSubmit = form.handleSubmit(async ({ measure }) => {
    try {
      await send.mutateAsync({ patientId, measure });
      toast.success(`${OUTCOME_MEASURES[measure].shortTitle} sent to the patient`);
    } catch (error) {
      toast.error((error as Error).message || 'Could not send the check-in');
    }
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" aria-label="Send a check-in">
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`send-measure-${patientId}`} className="font-medium">
            Measure to send
          </label>
          <Select id={`send-measure-${patientId}`} {...form.register('measure')} className="min-w-56">
            {OUTCOME_MEASURE_CODES.map((code) => (
              <option key={code} value={code}>
                {`${OUTCOME_MEASURES[code].title} (${OUTCOME_MEASURES[code].shortTitle})`}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={send.isPending}>
          Send now
        </Button>
      </form>
      <Button
        variant="outline"
        disabled={discharge.isPending}
        onClick={async () => {
          try {
            const { sent } = await discharge.mutateAsync(patientId);
            toast.success(
              sent === 0
                ? 'Discharged: weekly check-ins stop'
                : `Discharged: ${sent} discharge measures sent`,
            );
          } catch (error) {
            toast.error((error as Error).message || 'Could not discharge');
          }
        }}
      >
        Discharge
      </Button>
    </div>
  );
}

function TrendTable({ summary }: { summary: OutcomeSummary }) {
  const format = formatterFor();
  return (
    <ScrollRegion label="Outcome measures table">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Outcome measures: first and latest score, change and MCID</caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Measure
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              First
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Latest
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Change
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              MCID
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.trends.map((trend) => {
            const measure = OUTCOME_MEASURES[trend.measure as OutcomeMeasureCode];
            const last = trend.points.at(-1);
            return (
              <tr key={trend.measure} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-normal">
                  <abbr title={measure.title} className="font-medium no-underline">
                    {measure.shortTitle}
                  </abbr>
                  <span className="block text-muted-foreground text-xs">
                    {`${trend.points.length} ${trend.points.length === 1 ? 'score' : 'scores'}`}
                    {last ? `, last ${format.day(last.at.slice(0, 10))}` : ''}
                  </span>
                </th>
                <td className="px-3 py-2 tabular-nums">{formatScore(trend.measure, trend.baseline)}</td>
                <td className="px-3 py-2 tabular-nums">{formatScore(trend.measure, trend.latest)}</td>
                <td className="px-3 py-2 tabular-nums">
                  {signed(trend.change)}
                  <span className="sr-only">
                    {measure.higherIsBetter ? ' (higher is better)' : ' (lower is better)'}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {trend.points.length < 2 ? (
                    <span className="text-muted-foreground">Baseline only</span>
                  ) : trend.passesMcid ? (
                    <Badge className="whitespace-nowrap">{`Improved past MCID (${measure.mcid.value})`}</Badge>
                  ) : (
                    <Badge variant="outline" className="whitespace-nowrap">
                      {`Below MCID (${measure.mcid.value})`}
                    </Badge>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The patient's outcome measures beside the pain and goal chart: each measure's first and latest score, the
 * change and whether it passes the measure's MCID. Only while the clinic has care between visits on; the
 * practitioner sends a measure from here. The figures update live when the patient answers.
 */
export function OutcomeScores({ patientId }: { patientId: string }) {
  const on = useCareBetweenVisits();
  const user = useUser();
  const outcomes = useOutcomes(patientId);
  if (!on) return null;
  return (
    <section aria-labelledby={`outcomes-${patientId}`} className="flex flex-col gap-3">
      <h3 id={`outcomes-${patientId}`} className="font-semibold">
        Outcome measures
      </h3>
      {outcomes.data ? (
        outcomes.data.trends.length === 0 ? (
          <p className="text-muted-foreground text-sm">No outcome measures answered yet.</p>
        ) : (
          <TrendTable summary={outcomes.data} />
        )
      ) : outcomes.isError ? (
        <p className="text-muted-foreground text-sm">Could not load the outcome measures.</p>
      ) : (
        <p className="text-muted-foreground text-sm">Loading outcome measures…</p>
      )}
      {user.role === 'practitioner' ? <SendMeasure patientId={patientId} /> : null}
    </section>
  );
}

/** The latest score of each measure and its change, in one line each, for the note editor beside the pain field. */
export function LatestScores({ patientId }: { patientId: string }) {
  const on = useCareBetweenVisits();
  const outcomes = useOutcomes(patientId);
  if (!on || !outcomes.data || outcomes.data.trends.length === 0) return null;
  return (
    <section
      className="rounded-md border border-border bg-muted/40 p-3 text-sm"
      aria-labelledby={`latest-scores-${patientId}`}
    >
      <h3 id={`latest-scores-${patientId}`} className="font-medium">
        Latest outcome scores
      </h3>
      <ul className="mt-1 flex flex-col gap-0.5">
        {outcomes.data.trends.map((trend) => (
          <li key={trend.measure}>
            {`${OUTCOME_MEASURES[trend.measure as OutcomeMeasureCode].shortTitle} ${formatScore(trend.measure, trend.latest)}`}
            {trend.points.length > 1
              ? ` (${signed(trend.change)} from first${trend.passesMcid ? ', past MCID' : ''})`
              : ' (baseline)'}
          </li>
        ))}
      </ul>
    </section>
  );
}
