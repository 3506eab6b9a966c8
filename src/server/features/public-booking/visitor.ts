import { randomBytes, randomInt } from 'node:crypto';
import {
  type CreatePublicBookingInput,
  PUBLIC_BOOKING_ERRORS,
  type PublicBookingPage,
  type PublicSlotsAnswer,
  type PublicSlotsQuery,
  type VisitorBooking,
} from '../../../shared/public-booking';
import type { Db, Tx } from '../../db/client';
import { lockSchedules } from '../../db/concurrency';
import type { RequestMeta } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import * as bookedOnline from '../appointments/booked-online';
import * as availability from '../availability/service';
import { getPolicy } from '../billing/service';
import * as services from '../services/service';
import { audit } from './access';
import { bookingEmails } from './emails';
import { assertFree, freeTimes, notOffered, slotTaken } from './free-times';
import { toVisitorBooking } from './manage';
import * as repository from './repository';
import { patientFor } from './request-patient';
import { type Ctx, factsOf, isOverlap, publishChange } from './service';
import type { ManageLinks } from './token';
import { newNonce } from './token';

/**
 * What a visitor without an account does first: read a practitioner's public page and free times, and ask
 * for a time (or rehearse asking); manage.ts holds what their signed link lets them do later. Answers speak
 * of the practitioner's public services and free times and of the visitor's own booking only: never a
 * patient, another booking, or whether an email is known to the clinic.
 */

const MINUTE = 60_000;
const pageNotFound = () => notFound(PUBLIC_BOOKING_ERRORS.pageNotFound);

async function pageOf(db: Db | Tx, bookingLink: string) {
  const found = await availability.scheduleByBookingLink(db, bookingLink);
  if (!found) throw pageNotFound();
  return found;
}

/** A service the visitor may book online: offered (active) and public. */
async function publicService(db: Db | Tx, serviceTypeId: string) {
  const service = await services.findServiceType(db, serviceTypeId);
  if (!service?.active || !service.isPublic) throw notOffered();
  return service;
}

export async function getPage(db: Db, bookingLink: string): Promise<PublicBookingPage> {
  const { settings, practitioner } = await pageOf(db, bookingLink);
  const offered = await services.listServiceTypes(db, { includeInactive: false });
  const { policy } = await getPolicy(db);
  const charges = policy.sessionBilling && (policy.lateCancelFeeCents > 0 || policy.noShowFeeCents > 0);
  return {
    bookingLink,
    practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
    timeZone: settings.timeZone,
    horizonDays: settings.horizonDays,
    minNoticeMinutes: settings.minNoticeMinutes,
    autoConfirm: settings.autoConfirm,
    services: offered
      .filter((service) => service.isPublic)
      .map(({ id, name, description, durationMinutes, priceCents, colour, isVideo }) => ({
        id,
        name,
        description,
        durationMinutes,
        priceCents,
        colour,
        ...(isVideo === undefined ? {} : { isVideo }),
      })),
    ...(charges
      ? {
          feePolicy: {
            lateCancelWindowHours: policy.lateCancelWindowHours,
            lateCancelFeeCents: policy.lateCancelFeeCents,
            noShowFeeCents: policy.noShowFeeCents,
          },
        }
      : {}),
  };
}

export async function getSlots(
  db: Db,
  bookingLink: string,
  query: PublicSlotsQuery,
): Promise<PublicSlotsAnswer> {
  const { settings } = await pageOf(db, bookingLink);
  const service = await publicService(db, query.serviceTypeId);
  const answer = await freeTimes(db, { practitionerId: settings.practitionerId, service, days: query });
  return { timeZone: answer.timeZone, slots: answer.slots };
}

/** Every check a request passes before anything is written; the rehearsal stops here. */
async function checkedRequest(db: Db, bookingLink: string, input: CreatePublicBookingInput) {
  const { settings, practitioner } = await pageOf(db, bookingLink);
  const service = await publicService(db, input.serviceTypeId);
  const startsAt = new Date(input.startsAt);
  await assertFree(db, {
    practitionerId: settings.practitionerId,
    timeZone: settings.timeZone,
    service,
    startsAt,
  });
  return {
    settings,
    practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
    service,
    startsAt,
    endsAt: new Date(startsAt.getTime() + service.durationMinutes * MINUTE),
    email: input.email.trim().toLowerCase(),
  };
}

export async function rehearse(
  db: Db,
  bookingLink: string,
  input: CreatePublicBookingInput,
): Promise<VisitorBooking> {
  const checked = await checkedRequest(db, bookingLink, input);
  return {
    reference: 'REHEARSAL',
    status: checked.settings.autoConfirm ? 'confirmed' : 'pending',
    bookingLink,
    practitionerName: checked.practitionerName,
    serviceTypeId: checked.service.id,
    serviceName: checked.service.name,
    startsAt: checked.startsAt.toISOString(),
    endsAt: checked.endsAt.toISOString(),
    timeZone: checked.settings.timeZone,
    name: input.name,
    message: null,
    changeable: true,
    manageToken: null,
  };
}

/** Letters and digits nobody reads wrongly over the phone: no 0/O, 1/I/L. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

async function newReference(db: Db | Tx) {
  for (;;) {
    const code = Array.from(
      { length: 6 },
      () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)],
    ).join('');
    const reference = `BK-${code}`;
    if (!(await repository.referenceTaken(db, reference))) return reference;
  }
}

/**
 * Sends a request: pending, holding its time, or confirmed at once (with the patient and appointment it
 * becomes) when the practitioner confirms automatically. A time taken meanwhile answers 409. The visitor
 * is emailed the signed link to manage it; the answer carries it once too.
 */
export async function createRequest(
  ctx: Ctx,
  {
    links,
    bookingLink,
    input,
    meta,
  }: { links: ManageLinks; bookingLink: string; input: CreatePublicBookingInput; meta: RequestMeta },
): Promise<VisitorBooking> {
  const checked = await checkedRequest(ctx.db, bookingLink, input);
  const practitionerId = checked.settings.practitionerId;
  const autoConfirm = checked.settings.autoConfirm;
  // A booking confirmed at once may make a patient account, whose (unusable) password is hashed slowly. It is
  // hashed for every such booking, new email or known, so the answer's timing does not tell which it was.
  const passwordHash = autoConfirm
    ? await accounts.hashPassword(randomBytes(32).toString('base64url'))
    : undefined;
  let made: { id: string; confirmed: Awaited<ReturnType<typeof confirmAtOnce>> };
  try {
    made = await ctx.db.transaction(async (tx) => {
      await lockSchedules(tx, [practitionerId]);
      const id = await repository.insertRequest(tx, {
        reference: await newReference(tx),
        practitionerId,
        serviceTypeId: checked.service.id,
        startsAt: checked.startsAt,
        endsAt: checked.endsAt,
        status: autoConfirm ? 'confirmed' : 'pending',
        name: input.name,
        email: checked.email,
        phone: input.phone,
        reason: input.reason,
        nonce: newNonce(),
        createdAt: new Date(),
        decidedAt: autoConfirm ? new Date() : null,
      });
      await audit(tx, {
        actorId: null,
        action: 'public_booking.requested',
        id,
        meta,
        details: { practitionerId, autoConfirm },
      });
      return {
        id,
        confirmed: passwordHash ? await confirmAtOnce(tx, ctx, { id, passwordHash, meta }) : null,
      };
    });
  } catch (error) {
    if (isOverlap(error)) throw slotTaken();
    throw error;
  }
  const row = (await repository.findRequest(ctx.db, made.id))!;
  const { confirmed } = made;
  if (confirmed) {
    await bookedOnline.announceBookedOnline(ctx, confirmed.booked);
    if (confirmed.accountLink)
      ctx.events.publish('patient.created', { patientId: row.patientId!, actorId: row.patientId! });
  }
  publishChange(ctx, { name: 'public-booking.requested', row, actorId: null, change: 'requested' });
  const facts = await factsOf(ctx.db, { links, row, withLink: true });
  await (confirmed
    ? bookingEmails.booked(ctx, facts, confirmed.accountLink)
    : bookingEmails.requested(ctx, facts));
  return toVisitorBooking(row, {
    timeZone: checked.settings.timeZone,
    bookingLink,
    appointment: null,
    manageToken: facts.manageToken,
  });
}

/**
 * The automatic confirmation, in the request's own transaction: the request becomes a patient and an
 * appointment as when the practitioner confirms it. An email that is a clinic account other than a
 * patient's leaves the request pending for the clinic to sort out.
 */
async function confirmAtOnce(
  tx: Tx,
  ctx: Ctx,
  { id, passwordHash, meta }: { id: string; passwordHash: string; meta: RequestMeta },
) {
  const row = (await repository.findRequest(tx, id))!;
  const patient = await patientFor(tx, ctx, { decider: null, row, input: {}, meta, passwordHash });
  if (!patient) {
    await repository.updateRequest(tx, id, { status: 'pending', decidedAt: null });
    return null;
  }
  const booked = await bookedOnline.bookForRequest(
    tx,
    { id: patient.patientId, role: 'patient' },
    {
      patientId: patient.patientId,
      practitionerId: row.practitionerId,
      serviceTypeId: row.serviceTypeId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      meta,
    },
  );
  await repository.updateRequest(tx, id, { patientId: patient.patientId, appointmentId: booked.id });
  return { booked, accountLink: patient.accountLink };
}
