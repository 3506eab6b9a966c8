import type { ProgrammeProgress } from '../../../shared/exercise-programmes';
import { PROGRAMME_STATUS_LABELS } from '../../../shared/vocabulary/exercise-programmes';
import { formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { dosageText, percentText } from './format';

const day = (value: string) => formatterFor().day(value);

/** One programme for its care team: adherence over its period, the pain trend, the patient's notes, versions. */
export function ProgrammeProgressView({ progress }: { progress: ProgrammeProgress }) {
  const { programme, adherence, painTrend, notes, versions } = progress;
  const recentPain = painTrend.slice(-14);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold">{programme.title}</h4>
        <Badge variant="outline">{PROGRAMME_STATUS_LABELS[programme.status]}</Badge>
        <span className="text-muted-foreground text-sm">Version {programme.version}</span>
      </div>
      <p className="text-sm">
        From {day(programme.startDate)}
        {programme.reviewDate ? `, review on ${day(programme.reviewDate)}` : ''} · prescribed by{' '}
        {programme.practitionerName}
      </p>
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="sr-only">Adherence:</span>
        <span className="font-semibold text-2xl tabular-nums" data-testid="adherence-percent">
          {percentText(adherence.percent)}
        </span>
        <span className="text-muted-foreground text-sm">
          {adherence.done > adherence.prescribed
            ? `${adherence.done} sessions done, ${adherence.prescribed} prescribed, since ${day(adherence.from)}`
            : `${adherence.done} of ${adherence.prescribed} sessions done since ${day(adherence.from)}`}
        </span>
      </p>
      <ol className="flex flex-col gap-1 text-sm" aria-label="Exercises">
        {programme.items.map((item) => (
          <li key={item.id} className="break-words">
            <span className="font-medium">{item.name}</span> — {dosageText(item)}
            {item.notes ? <span className="text-muted-foreground"> · {item.notes}</span> : null}
          </li>
        ))}
      </ol>
      <section aria-labelledby={`pain-${programme.id}`} className="flex flex-col gap-1">
        <h5 id={`pain-${programme.id}`} className="font-medium text-sm">
          Pain after exercise
        </h5>
        {recentPain.length === 0 ? (
          <p className="text-muted-foreground text-sm">No pain scores yet.</p>
        ) : (
          <ul className="flex flex-wrap items-end gap-1" aria-label="Average pain by day, oldest first">
            {recentPain.map((point) => (
              <li key={point.day} className="flex flex-col items-center gap-0.5 text-xs">
                <span
                  aria-hidden
                  className="w-4 rounded-sm bg-primary"
                  style={{ height: `${Math.max(2, point.pain * 4)}px` }}
                />
                <span className="sr-only">{day(point.day)}:</span>
                <span className="tabular-nums">{point.pain}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`notes-${programme.id}`} className="flex flex-col gap-1">
        <h5 id={`notes-${programme.id}`} className="font-medium text-sm">
          Notes from the patient
        </h5>
        {notes.length === 0 ? (
          <p className="text-muted-foreground text-sm">No notes yet.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {notes.map((note) => (
              <li key={`${note.day}-${note.exerciseName}`} className="break-words">
                <time dateTime={note.day}>{day(note.day)}</time>, {note.exerciseName}: {note.note}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-muted-foreground text-xs">
        {versions.map((version) => `v${version.version} ${day(version.createdAt.slice(0, 10))}`).join(' · ')}
      </p>
    </div>
  );
}
