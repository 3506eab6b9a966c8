import type { AppContext } from '../../platform/context';
import type { RecoveryNoteEvent } from '../../platform/events';
import * as accounts from '../accounts/service';
import * as careTeam from '../care-team/service';
import { raise } from '../notifications/service';
import { recoveryNoteMessage } from '../notifications/wording';

type Kind = 'created' | 'updated';

/**
 * Tells the patient (only when the note is shared with them) and the patient's other practitioners that a
 * note was written or changed. Names and a link only: no clinical text leaves the note.
 */
async function notify(
  ctx: AppContext,
  event: RecoveryNoteEvent,
  { kind, audience }: { kind: Kind; audience: { patient: boolean; practitioners: boolean } },
) {
  const [actor, patient, author] = await Promise.all([
    accounts.findAccountById(ctx.db, event.actorId),
    accounts.findAccountById(ctx.db, event.patientId),
    accounts.findAccountById(ctx.db, event.authorId),
  ]);
  const actorName = actor ? `${actor.firstName} ${actor.lastName}` : 'The clinic';
  const authorName = author ? `${author.firstName} ${author.lastName}` : actorName;
  const patientName = patient ? `${patient.firstName} ${patient.lastName}` : '';
  const facts = { actorName, authorName, patientName };
  const type = kind === 'created' ? 'clinical_note_created' : 'clinical_note_updated';
  const common = {
    type,
    priority: 'medium',
    actionUrl: `/recovery-notes/${event.noteId}`,
    data: { noteId: event.noteId, patientId: event.patientId },
  } as const;
  const raised: Promise<unknown>[] = [];
  if (audience.patient && patient)
    raised.push(
      raise(ctx, event.patientId, {
        ...common,
        title: kind === 'created' ? 'Recovery note shared' : 'Recovery note updated',
        message: recoveryNoteMessage(kind, 'patient', facts),
      }),
    );
  if (audience.practitioners && patient) {
    for (const practitionerId of await careTeam.practitionersOf(ctx.db, event.patientId)) {
      if (practitionerId === event.authorId || practitionerId === event.actorId) continue;
      raised.push(
        raise(ctx, practitionerId, {
          ...common,
          title: kind === 'created' ? 'Recovery note signed' : 'Recovery note amended',
          message: recoveryNoteMessage(kind, 'practitioner', facts),
        }),
      );
    }
  }
  await Promise.all(raised);
}

/**
 * A signed note reaches the care team, and the patient when it is already shared; sharing a signed note later
 * reaches the patient; an amendment reaches both again. Drafts tell nobody.
 */
export function raiseRecoveryNoteNotifications(ctx: AppContext) {
  ctx.events.subscribe('recovery-note.signed', (event) =>
    notify(ctx, event, {
      kind: 'created',
      audience: { patient: event.sharedWithPatient, practitioners: true },
    }),
  );
  ctx.events.subscribe('recovery-note.shared', (event) =>
    event.status === 'signed'
      ? notify(ctx, event, { kind: 'created', audience: { patient: true, practitioners: false } })
      : undefined,
  );
  ctx.events.subscribe('recovery-note.amended', (event) =>
    notify(ctx, event, {
      kind: 'updated',
      audience: { patient: event.sharedWithPatient, practitioners: true },
    }),
  );
}
