import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import {
  type FunctionalGoal,
  PAIN_SCORE_MAX,
  PAIN_SCORE_MIN,
  RECOVERY_NOTE_GOAL_MAX,
  RECOVERY_NOTE_GOALS_MAX,
  RECOVERY_NOTE_TEXT_MAX,
  type RecoveryNoteContent,
  SOAP_SECTIONS,
} from '../../../shared/recovery-notes';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Select, Textarea } from '../../ui/select';
import { SOAP_LABELS } from './note-content';

type ContentFieldsProps = {
  value: RecoveryNoteContent;
  onChange: (changes: Partial<RecoveryNoteContent>) => void;
  /** A signed note always keeps a pain score, so an amendment cannot clear it. */
  painRequired?: boolean;
  /** Shown beside the pain score (the patient's latest outcome scores, in the draft editor). */
  besidePain?: ReactNode;
};

const SCORES = Array.from({ length: PAIN_SCORE_MAX - PAIN_SCORE_MIN + 1 }, (_, i) => PAIN_SCORE_MIN + i);

const clampProgress = (raw: string) => {
  const value = Math.round(Number(raw));
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
};

/** The labelled fields of a note: the four SOAP sections, the pain score and the functional goals. */
export function ContentFields({ value, onChange, painRequired = false, besidePain }: ContentFieldsProps) {
  const id = useId();
  const setGoal = (index: number, changes: Partial<FunctionalGoal>) =>
    onChange({ goals: value.goals.map((goal, i) => (i === index ? { ...goal, ...changes } : goal)) });

  return (
    <div className="flex flex-col gap-4">
      {SOAP_SECTIONS.map((section) => (
        <div key={section} className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-${section}`}>{SOAP_LABELS[section]}</Label>
          <Textarea
            id={`${id}-${section}`}
            value={value[section]}
            maxLength={RECOVERY_NOTE_TEXT_MAX}
            onChange={(event) => onChange({ [section]: event.target.value })}
          />
        </div>
      ))}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex flex-col gap-1.5 sm:w-60">
          <Label htmlFor={`${id}-pain`}>Pain score (0-10)</Label>
          <Select
            id={`${id}-pain`}
            value={value.painScore === null ? '' : String(value.painScore)}
            onChange={(event) =>
              onChange({ painScore: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            {painRequired ? null : <option value="">Not scored</option>}
            {SCORES.map((score) => (
              <option key={score} value={score}>
                {score}
              </option>
            ))}
          </Select>
        </div>
        {besidePain}
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium text-sm">Functional goals</legend>
        {value.goals.length === 0 ? <p className="text-muted-foreground text-sm">No goals yet.</p> : null}
        {value.goals.map((goal, index) => (
          // Goals have no ids of their own; their place in the list is what the note stores.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_8rem_auto]">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-goal-${index}`}>Goal {index + 1}</Label>
              <Input
                id={`${id}-goal-${index}`}
                value={goal.goal}
                maxLength={RECOVERY_NOTE_GOAL_MAX}
                onChange={(event) => setGoal(index, { goal: event.target.value })}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-progress-${index}`}>Progress of goal {index + 1} (%)</Label>
              <Input
                id={`${id}-progress-${index}`}
                type="number"
                min={0}
                max={100}
                step={5}
                value={goal.progress}
                onChange={(event) => setGoal(index, { progress: clampProgress(event.target.value) })}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Remove goal ${index + 1}`}
              onClick={() => onChange({ goals: value.goals.filter((_, i) => i !== index) })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        {value.goals.length < RECOVERY_NOTE_GOALS_MAX ? (
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange({ goals: [...value.goals, { goal: '', progress: 0 }] })}
            >
              <Plus aria-hidden="true" />
              Add goal
            </Button>
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}

/** Goals still being typed (no text yet) are not sent: the server needs every goal to say something. */
export const writtenGoals = (goals: FunctionalGoal[]) =>
  goals.filter((goal) => goal.goal.trim()).map((goal) => ({ ...goal, goal: goal.goal.trim() }));
