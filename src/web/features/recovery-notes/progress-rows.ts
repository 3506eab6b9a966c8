import type { RecoveryProgress } from '../../../shared/recovery-notes';
import { dayOf } from '../../lib/format';

/** One signed note as a point: its day, pain score and the average progress of its goals. */
export type ProgressRow = {
  noteId: string;
  day: string;
  painScore: number | null;
  goalProgress: number | null;
  goals: Array<{ goal: string; progress: number }>;
};

export function progressRows(progress: RecoveryProgress): ProgressRow[] {
  return progress.points.map((point) => ({
    noteId: point.noteId,
    day: dayOf(point.at),
    painScore: point.painScore,
    goalProgress:
      point.goals.length === 0
        ? null
        : Math.round(point.goals.reduce((sum, goal) => sum + goal.progress, 0) / point.goals.length),
    goals: point.goals,
  }));
}
