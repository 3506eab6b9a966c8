import { randomBytes } from 'node:crypto';
import type { Appointment, CalendarFeedCreated, CalendarFeedStatus } from '../../../shared/scheduling';
import { CALENDAR_FEED_NOT_FOUND } from '../../../shared/scheduling';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { sha256 } from '../../platform/secrets';
import * as accounts from '../accounts/service';
import { type Caller, toAppointment, videoViewOf } from './access';
import * as repository from './repository';

const DAY = 86_400_000;
/** What a feed holds: the last 90 days and the year ahead. */
const FEED_PAST_DAYS = 90;
const FEED_AHEAD_DAYS = 365;
const FEED_MAX_EVENTS = 2000;

const feedUrl = (appUrl: string, token: string) =>
  `${appUrl.replace(/\/$/, '')}/api/calendar-feeds/${token}.ics`;

export const FEEDS_ARE_PERSONAL = 'Calendar feeds are for patients and practitioners';

function assertFeedOwner(caller: Caller) {
  if (caller.role !== 'patient' && caller.role !== 'practitioner') throw forbidden(FEEDS_ARE_PERSONAL);
}

export async function feedStatus(db: Db, caller: Caller): Promise<CalendarFeedStatus> {
  assertFeedOwner(caller);
  const row = await repository.feedOf(db, caller.id);
  return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null };
}

/** A new address; the old one, if any, stops answering. The token is shown this once and kept only hashed. */
export async function createFeed(
  ctx: Pick<AppContext, 'db' | 'config'>,
  caller: Caller,
  meta: RequestMeta,
): Promise<CalendarFeedCreated> {
  assertFeedOwner(caller);
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  await ctx.db.transaction(async (tx) => {
    await repository.replaceFeed(tx, { userId: caller.id, tokenHash: sha256(token), createdAt });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'calendar-feed.created',
      entityType: 'calendar_feed',
      entityId: caller.id,
      ipAddress: meta.ipAddress,
    });
  });
  return { url: feedUrl(ctx.config.appUrl, token), createdAt: createdAt.toISOString() };
}

export async function revokeFeed(db: Db, caller: Caller, meta: RequestMeta) {
  assertFeedOwner(caller);
  await db.transaction(async (tx) => {
    await repository.deleteFeed(tx, caller.id);
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'calendar-feed.revoked',
      entityType: 'calendar_feed',
      entityId: caller.id,
      ipAddress: meta.ipAddress,
    });
  });
}

/**
 * Text of an iCal property value (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, a line feed
 * written as \n. Carriage returns and the other control characters, which TEXT may not hold, are dropped:
 * names stored before they had to be one line must not start a property or an event of their own.
 */
const text = (value: string) =>
  value
    .replace(/\p{Cc}/gu, (char) => (char === '\t' || char === '\n' ? char : ''))
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');

const LINE_OCTETS = 75;
/** A content line past 75 octets goes on in lines that open with a space, never splitting a character (3.1). */
function fold(line: string) {
  if (Buffer.byteLength(line) <= LINE_OCTETS) return line;
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > LINE_OCTETS) {
      folded += '\r\n ';
      octets = 1;
    }
    folded += char;
    octets += size;
  }
  return folded;
}
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** A video visit's own lines: where (the call, not a room) and the way in, as a link and in the description. */
const videoLines = (appointment: Appointment) =>
  appointment.joinUrl
    ? [
        'LOCATION:Video visit',
        `URL:${appointment.joinUrl}`,
        `DESCRIPTION:${text(`Video visit. Join at ${appointment.joinUrl}`)}`,
      ]
    : [];

/**
 * One event per appointment that holds its time. A patient's say what and with whom; a practitioner's name the
 * patient by first name and initial only, since a calendar app shows them on lock screens. Never the notes.
 * A video visit (while the clinic has them on) carries its join link.
 */
function eventOf(appointment: Appointment, owner: Caller, now: string) {
  const [first, ...rest] = appointment.patientName.split(' ');
  const patientShort = `${first} ${(rest.join(' ')[0] ?? '').toUpperCase()}.`.trim();
  const summary =
    owner.role === 'patient'
      ? `${appointment.serviceName} with ${appointment.practitionerName}`
      : `${appointment.serviceName}: ${patientShort}`;
  return [
    'BEGIN:VEVENT',
    `UID:${appointment.id}@clinic-portal`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(appointment.startsAt)}`,
    `DTEND:${stamp(appointment.endsAt)}`,
    `SUMMARY:${text(summary)}`,
    `STATUS:${appointment.status === 'scheduled' ? 'TENTATIVE' : 'CONFIRMED'}`,
    ...videoLines(appointment),
    'END:VEVENT',
  ];
}

/** The feed behind a token: the owner's own appointments (a practitioner's sessions, a patient's visits). */
export async function renderFeed(ctx: Pick<AppContext, 'db' | 'config'>, address: string) {
  const { db } = ctx;
  const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(address)?.[1];
  if (!token) throw notFound(CALENDAR_FEED_NOT_FOUND);
  const row = await repository.feedByTokenHash(db, sha256(token));
  const person = row ? await accounts.findAccountById(db, row.userId) : null;
  if (!person?.isActive || (person.role !== 'patient' && person.role !== 'practitioner'))
    throw notFound(CALENDAR_FEED_NOT_FOUND);
  const owner: Caller = { id: person.id, role: person.role };
  const now = new Date();
  const rows = await repository.listAppointments(db, {
    ...(owner.role === 'patient' ? { ownPatientId: owner.id } : { practitionerId: owner.id }),
    from: new Date(now.getTime() - FEED_PAST_DAYS * DAY),
    to: new Date(now.getTime() + FEED_AHEAD_DAYS * DAY),
    now,
    limit: FEED_MAX_EVENTS,
  });
  const video = await videoViewOf(db, ctx.config);
  const appointments = rows
    .map((row) => toAppointment(row, video))
    .filter((item) => item.status !== 'cancelled' && item.status !== 'no_show');
  await recordActivity(db, {
    actorId: owner.id,
    action: 'calendar-feed.read',
    entityType: 'calendar_feed',
    entityId: owner.id,
    details: { count: appointments.length },
  });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinic Portal//Appointments//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${text(owner.role === 'patient' ? 'My appointments' : 'Treatment sessions')}`,
    ...appointments.flatMap((appointment) => eventOf(appointment, owner, now.toISOString())),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
