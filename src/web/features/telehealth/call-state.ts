import type { CallState, VideoVisit } from '../../../shared/telehealth';

/** How a call's state reads on a badge; the words carry it, never the colour alone. */
export const CALL_STATE_LABELS: Record<CallState, string> = {
  not_started: 'Not started',
  live: 'In progress',
  ended: 'Ended',
};

/** Who the visit is with, as the caller sees it: the other party, or both for the front desk. */
export function otherPartyOf(visit: VideoVisit, role: string): string {
  if (role === 'patient') return visit.practitionerName;
  if (role === 'practitioner') return visit.patientName;
  return `${visit.patientName} with ${visit.practitionerName}`;
}

/** The join button's words: the practitioner starts a call that has not started; everyone else joins. */
export function joinLabelOf(visit: VideoVisit, role: string): string {
  return role === 'practitioner' && visit.state !== 'live' ? 'Start visit' : 'Join';
}
