import { randomBytes } from 'node:crypto';
import { type ConfirmPublicBookingInput, PUBLIC_BOOKING_ERRORS } from '../../../shared/public-booking';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { Tx } from '../../db/client';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import { createResetLink } from '../auth/service';
import * as careTeam from '../care-team/service';
import * as patients from '../patients/service';
import { audit, type Caller, MANAGERS } from './access';
import type * as repository from './repository';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** 'Jo Anne Bloggs' becomes Jo / Anne Bloggs; a single word is the first name. */
function splitName(name: string) {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName!, lastName: rest.join(' ') };
}

/**
 * The patient a request becomes: the one the deciding practitioner or staff member named (within their
 * reach), else the clinic's patient with the request's email, else a new patient made as staff make one (an
 * account nobody can sign in to until they choose a password through the emailed link). Only a patient the
 * request made joins the practitioner's care team; a known patient is reached through the appointment alone.
 *
 * A request never widens anyone's reach by itself (docs/decisions/0020): a visitor can type anyone's email, so
 * a known patient outside the practitioner's reach is matched only by staff or an admin. The practitioner is
 * refused (409) and a request confirming itself stays pending for the clinic. `decider` is null when the
 * request confirms itself (autoConfirm); `passwordHash` is the new account's unusable password, hashed
 * beforehand by a caller that wants to.
 */
export async function patientFor(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  {
    decider,
    row,
    input,
    meta,
    passwordHash,
  }: {
    decider: Caller | null;
    row: repository.RequestRow;
    input: ConfirmPublicBookingInput;
    meta: RequestMeta;
    passwordHash?: string;
  },
) {
  let patientId: string;
  let accountLink: string | null = null;
  if (input.patientId && decider) {
    if (!(await patients.isPatientInReach(tx, decider, input.patientId)))
      throw notFound(SCHEDULING_ERRORS.notPatient);
    patientId = input.patientId;
  } else {
    const account = await accounts.findAccountByEmail(tx, row.email);
    if (account && account.role !== 'patient') {
      // A visitor is not told whose the email is: their booking goes to the clinic to sort out.
      if (!decider) return null;
      throw conflict(PUBLIC_BOOKING_ERRORS.emailNotPatient);
    }
    if (account) {
      const match = { decider, practitionerId: row.practitionerId, patientId: account.id };
      if (!(await mayMatchKnownPatient(tx, match))) {
        if (!decider) return null;
        throw conflict(PUBLIC_BOOKING_ERRORS.knownPatientForStaff);
      }
      patientId = account.id;
    } else {
      const user = await accounts.createAccount(
        tx,
        {
          email: row.email,
          password: randomBytes(32).toString('base64url'),
          ...splitName(row.name),
          role: 'patient',
          phone: row.phone,
        },
        { actorId: decider?.id ?? null, meta, passwordHash },
      );
      patientId = user.id;
      await patients.saveIntake(tx, patientId, { phone: row.phone });
      await audit(tx, {
        actorId: decider?.id ?? null,
        action: 'patient.created',
        id: patientId,
        meta,
        details: { requestId: row.id },
      });
      accountLink = await createResetLink(tx, ctx.config.appUrl, patientId);
      await careTeam.assign(tx, row.practitionerId, patientId);
    }
  }
  return { patientId, accountLink };
}

/** Staff and admin reach every patient; a practitioner, or a request confirming itself, only their own. */
async function mayMatchKnownPatient(
  tx: Tx,
  {
    decider,
    practitionerId,
    patientId,
  }: { decider: Caller | null; practitionerId: string; patientId: string },
) {
  if (decider && MANAGERS.includes(decider.role)) return true;
  return patients.isPatientInReach(tx, { id: practitionerId, role: 'practitioner' }, patientId);
}
