import type { RecoveryNoteContent, SoapSection } from '../../../shared/recovery-notes';
import { SOAP_SECTIONS } from '../../../shared/recovery-notes';

export const SOAP_LABELS: Record<SoapSection, string> = {
  subjective: 'Subjective',
  objective: 'Objective',
  assessment: 'Assessment',
  plan: 'Plan',
};

/**
 * A note's content, read-only. Text is rendered as React text with its line breaks kept by CSS: nothing in a
 * note is ever parsed as markup.
 */
export function NoteContent({
  content,
  headingLevel = 3,
}: {
  content: RecoveryNoteContent;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="flex flex-col gap-4">
      {SOAP_SECTIONS.map((section) => (
        <div key={section}>
          <Heading className="font-medium text-sm">{SOAP_LABELS[section]}</Heading>
          <p className="whitespace-pre-wrap break-words text-sm">
            {content[section] || <span className="text-muted-foreground">Not written</span>}
          </p>
        </div>
      ))}
      <div>
        <Heading className="font-medium text-sm">Pain score</Heading>
        <p className="text-sm">
          {content.painScore === null ? 'Not scored' : `${content.painScore} out of 10`}
        </p>
      </div>
      <div>
        <Heading className="font-medium text-sm">Functional goals</Heading>
        {content.goals.length === 0 ? (
          <p className="text-muted-foreground text-sm">No goals</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-2">
            {content.goals.map((goal, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: goals are stored as an ordered list without ids
              <li key={index} className="flex flex-col gap-1 text-sm">
                <span className="break-words">
                  {goal.goal} <span className="text-muted-foreground">({goal.progress}%)</span>
                </span>
                <progress
                  className="h-2 w-full max-w-md accent-primary"
                  value={goal.progress}
                  max={100}
                  aria-label={`Progress: ${goal.goal}`}
                >
                  {goal.progress}%
                </progress>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
