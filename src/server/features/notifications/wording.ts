/**
 * What a notification says, worded for the one who reads it: a patient reads their practitioner's name, a
 * practitioner their patient's, staff and admins both. The reader's own name never stands where the other
 * party belongs ("Riley Chen booked an appointment with Riley Chen"); whoever acted is named unless it is the
 * other party, who is then the subject. Names, times and numbers only: no health content.
 */

/** Who reads the notification, in relation to what it is about. */
export type Reader = 'patient' | 'practitioner' | 'previous-practitioner' | 'staff' | 'admin' | 'member';

/** An appointment as the wording sees it: the two parties, who acted (null when the clinic did), and when. */
export type AppointmentFacts = {
  patientName: string;
  practitionerName: string;
  actor: { name: string; is: 'patient' | 'practitioner' | 'other' } | null;
  when: string;
};

export type AppointmentChange =
  | 'created'
  | 'cancelled'
  | 'rescheduled'
  | 'edited'
  | 'confirmed'
  | 'no_show'
  | 'reassigned';

/**
 * The subject (who acted) and the appointment as the reader calls it. The other party acting is named as
 * the subject and the appointment is "your appointment" or "their appointment with you".
 */
function appointmentParts(reader: Reader, facts: AppointmentFacts) {
  const { actor, patientName, practitionerName } = facts;
  const subject = actor?.name ?? 'The clinic';
  if (reader === 'patient') {
    const practitionerActs = actor?.is === 'practitioner';
    return {
      subject,
      counterpartActs: practitionerActs,
      appointment: practitionerActs ? 'your appointment' : `your appointment with ${practitionerName}`,
      booked: practitionerActs ? 'booked an appointment with you' : `booked you in with ${practitionerName}`,
    };
  }
  if (reader === 'practitioner' || reader === 'previous-practitioner') {
    const patientActs = actor?.is === 'patient';
    return {
      subject,
      counterpartActs: patientActs,
      appointment: patientActs ? 'their appointment with you' : `${patientName}’s appointment with you`,
      booked: patientActs ? 'booked an appointment with you' : `booked ${patientName} in with you`,
    };
  }
  return {
    subject,
    counterpartActs: false,
    appointment: `${patientName}’s appointment with ${practitionerName}`,
    booked: `booked ${patientName} in with ${practitionerName}`,
  };
}

export function appointmentMessage(change: AppointmentChange, reader: Reader, facts: AppointmentFacts) {
  const { subject, appointment, booked } = appointmentParts(reader, facts);
  const { when } = facts;
  switch (change) {
    case 'created':
      return `${subject} ${booked} on ${when}`;
    case 'cancelled':
      return `${subject} cancelled ${appointment} on ${when}`;
    case 'rescheduled':
      return `${subject} moved ${appointment} to ${when}`;
    case 'edited':
      return `${subject} changed the details of ${appointment} on ${when}`;
    case 'confirmed':
      return `${subject} confirmed ${appointment} on ${when}`;
    case 'no_show':
      return `${subject} recorded ${appointment} on ${when} as missed`;
    case 'reassigned': {
      // Read by the practitioner it moved away from: who has it now, and whose it is.
      const whose =
        facts.actor?.is === 'patient' ? 'their appointment' : `${facts.patientName}’s appointment`;
      if (facts.actor?.is === 'practitioner') return `${subject} took over ${whose} on ${when}`;
      return `${subject} moved ${whose} to ${facts.practitionerName} on ${when}`;
    }
  }
}

export function appointmentReminderMessage(facts: { practitionerName: string; when: string }) {
  return `Your appointment with ${facts.practitionerName} is on ${facts.when}`;
}

/** A recovery note written or changed: the patient reads who shared it (and who wrote it, if another). */
export function recoveryNoteMessage(
  kind: 'created' | 'updated',
  reader: 'patient' | 'practitioner',
  facts: { actorName: string; authorName: string; patientName: string },
) {
  const { actorName, authorName, patientName } = facts;
  if (reader === 'patient') {
    const by = authorName === actorName ? '' : ` by ${authorName}`;
    return kind === 'created'
      ? `${actorName} shared a recovery note${by} with you`
      : `${actorName} updated a recovery note${by} shared with you`;
  }
  return kind === 'created'
    ? `${actorName} signed a recovery note for ${patientName}`
    : `${actorName} amended a recovery note for ${patientName}`;
}

/** An invoice issued to the patient, or fallen overdue: the clinic is the other party. */
export function invoiceDueMessage(
  kind: 'issued' | 'overdue',
  facts: { number: string; total: string; dueDate: string; balance: string },
) {
  return kind === 'issued'
    ? `Invoice ${facts.number} for ${facts.total} is due by ${facts.dueDate}`
    : `Invoice ${facts.number} was due by ${facts.dueDate}; ${facts.balance} is still to pay`;
}

/** An invoice paid in full: the patient reads their own invoice, the clinic team whose it is. */
export function invoicePaidMessage(
  reader: 'patient' | 'staff' | 'admin',
  facts: { number: string; total: string; patientName: string },
) {
  return reader === 'patient'
    ? `Invoice ${facts.number} for ${facts.total} is paid in full`
    : `${facts.patientName} paid invoice ${facts.number} for ${facts.total} in full`;
}

/** Part of an invoice paid (a card on file charged for less than the balance): the patient's receipt. */
export function invoicePartPaidMessage(facts: { number: string; amount: string; balance: string }) {
  return `${facts.amount} was paid towards invoice ${facts.number}; ${facts.balance} is still to pay`;
}

export function patientOnboardingMessage(kind: 'registered' | 'updated', patientName: string) {
  return kind === 'registered'
    ? `${patientName} completed onboarding as a new patient`
    : `${patientName} updated their onboarding details`;
}

/** Specification section 8: '{sender} sent you a new message'. */
export function messageReceivedMessage(senderName: string) {
  return `${senderName} sent you a new message`;
}

/** A quote moved on: the member reads what they did or were sent, the admins which member it was. */
export function quoteMessage(
  change: 'requested' | 'accepted' | 'declined',
  reader: 'member' | 'admin',
  facts: { memberName: string; title: string; order?: string },
) {
  const { memberName, title } = facts;
  if (change === 'requested') return `${memberName} asked for a quote: “${title}”. Answer it under Quotes.`;
  const outcome =
    change === 'accepted'
      ? `accepted the quote “${title}”; it became an order of ${facts.order} to pay`
      : `declined the quote “${title}”`;
  return reader === 'member' ? `You ${outcome}.` : `${memberName} ${outcome}.`;
}
