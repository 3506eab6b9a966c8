import {
  RECOVERY_NOTE_CONTENT_FIELDS,
  type RecoveryNote,
  type RecoveryNoteContent,
} from '../../../shared/recovery-notes';
import { NoteContent, SOAP_LABELS } from './note-content';
import { momentOf } from './note-status';

type Field = keyof RecoveryNoteContent;
const FIELD_LABELS: Record<Field, string> = {
  ...SOAP_LABELS,
  painScore: 'Pain score',
  goals: 'Functional goals',
};

/** A changed value as text; goals as one line each. */
function valueText(field: Field, value: RecoveryNoteContent[Field] | undefined): string {
  if (value === undefined || value === null || value === '') return 'empty';
  if (field === 'goals')
    return (
      (value as RecoveryNoteContent['goals']).map((goal) => `${goal.goal} (${goal.progress}%)`).join('\n') ||
      'none'
    );
  return String(value);
}

/** The version signed, then each amendment with who made it, when and why, oldest first. */
export function NoteHistory({ note }: { note: RecoveryNote }) {
  const { original, amendments } = note.history;
  if (!original) return null;
  return (
    <section aria-labelledby="note-history-title" className="flex flex-col gap-4">
      <h3 id="note-history-title" className="font-semibold">
        History
      </h3>
      <ol className="flex flex-col gap-4">
        <li className="rounded-lg border border-border p-4">
          <details>
            <summary className="cursor-pointer font-medium text-sm">
              Signed version, by {note.signedByName ?? note.practitionerName}
              {note.signedAt ? (
                <>
                  {' '}
                  on <time dateTime={note.signedAt}>{momentOf(note.signedAt)}</time>
                </>
              ) : null}
            </summary>
            <div className="mt-3">
              <NoteContent content={original} headingLevel={4} />
            </div>
          </details>
        </li>
        {amendments.map((amendment) => (
          <li key={amendment.id} className="flex flex-col gap-2 rounded-lg border border-border p-4 text-sm">
            <p className="font-medium">
              Amended by {amendment.authorName} on{' '}
              <time dateTime={amendment.createdAt}>{momentOf(amendment.createdAt)}</time>
            </p>
            <p className="whitespace-pre-wrap break-words">
              <span className="font-medium">Reason: </span>
              {amendment.reason}
            </p>
            <dl className="flex flex-col gap-2">
              {RECOVERY_NOTE_CONTENT_FIELDS.filter((field) => field in amendment.changes).map((field) => (
                <div key={field}>
                  <dt className="font-medium">{FIELD_LABELS[field]}</dt>
                  <dd className="whitespace-pre-wrap break-words text-muted-foreground">
                    Before: {valueText(field, amendment.previous[field])}
                  </dd>
                  <dd className="whitespace-pre-wrap break-words">
                    After: {valueText(field, amendment.changes[field])}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
