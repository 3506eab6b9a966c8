import type { CallPerson, MediaState, TelehealthSession } from '../../../shared/telehealth';

/**
 * What a screen reader hears as the call changes, worked out from the state before and after: who joined or
 * left, who is waiting, and where the call stands. One's own changes are not read back.
 */
export function sessionChanges(
  before: TelehealthSession | null,
  after: TelehealthSession,
  myId: string,
): string[] {
  if (!before) return [];
  const said: string[] = [];
  const was = new Map(before.people.map((person) => [person.userId, person]));
  const me = after.people.find((person) => person.userId === myId);
  for (const person of after.people) {
    if (person.userId === myId) continue;
    const old: CallPerson | undefined = was.get(person.userId);
    if (person.present && !old?.present) {
      said.push(
        person.admitted || me?.role !== 'host'
          ? `${person.name} joined`
          : `${person.name} is waiting to be let in`,
      );
    } else if (!person.present && old?.present) {
      said.push(`${person.name} left`);
    } else if (person.present && person.admitted && old && !old.admitted) {
      said.push(`${person.name} joined the call`);
    }
  }
  const meBefore = was.get(myId);
  if (me?.admitted && meBefore && !meBefore.admitted) said.push('You are in the call');
  if (before.state !== after.state) {
    if (after.state === 'live') said.push('The visit has started');
    if (after.state === 'ended') said.push('Call ended');
  }
  return said;
}

/** A change of another person's microphone, camera or screen, in words. */
export function mediaChanges(name: string, before: MediaState | undefined, after: MediaState): string[] {
  const said: string[] = [];
  const old = before ?? { audio: true, video: true, screen: false };
  if (old.audio !== after.audio)
    said.push(after.audio ? `${name} unmuted their microphone` : `${name} muted their microphone`);
  if (old.video !== after.video)
    said.push(after.video ? `${name} turned their camera on` : `${name} turned their camera off`);
  if (old.screen !== after.screen)
    said.push(after.screen ? `${name} is sharing their screen` : `${name} stopped sharing their screen`);
  return said;
}
