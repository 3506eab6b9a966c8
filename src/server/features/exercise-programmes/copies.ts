import { MY_EXERCISES_PATH } from '../../../shared/exercise-programmes';
import type { AppContext, RequestMeta } from '../../platform/context';
import { notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import { requireCareBetweenVisits } from '../clinic-features/service';
import { audit, type Caller, readableProgramme, toProgramme } from './access';
import { currentItemsOf } from './items';
import { programmePdf } from './pdf';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/** The programme as a PDF for the patient, their care team, staff and admin. */
export async function programmeCopy(
  ctx: Ctx,
  caller: Caller,
  { id, meta }: { id: string; meta: RequestMeta },
) {
  await requireCareBetweenVisits(ctx.db);
  const row = await readableProgramme(ctx.db, caller, id);
  const programme = toProgramme(row, await currentItemsOf(ctx.db, [row.id]));
  await audit(ctx.db, caller, {
    action: 'exercise-programme.printed',
    entity: { type: 'exercise_programme', id: row.id },
    meta,
    details: { patientId: row.patientId },
  });
  return { filename: `exercise-programme-${row.id.slice(0, 8)}.pdf`, bytes: await programmePdf(programme) };
}

/**
 * Emails the patient a copy: as the clinic's other emails, a pointer into the portal where the PDF is, never
 * the programme itself (emails carry no health content).
 */
export async function emailCopy(ctx: Ctx, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  await requireCareBetweenVisits(ctx.db);
  const row = await readableProgramme(ctx.db, caller, id);
  const patient = await accounts.findAccountById(ctx.db, row.patientId);
  if (!patient) throw notFound('Patient not found');
  const base = ctx.config.appUrl.replace(/\/$/, '');
  await ctx.mailer.send({
    to: patient.email,
    subject: 'Clinic Portal: your home exercise programme',
    text: `Hello ${patient.firstName},\n\nA copy of your home exercise programme is ready. Sign in to see it, print it or save it as a PDF:\n${base}${MY_EXERCISES_PATH}\n\nClinic Portal`,
  });
  await audit(ctx.db, caller, {
    action: 'exercise-programme.emailed',
    entity: { type: 'exercise_programme', id: row.id },
    meta,
    details: { patientId: row.patientId },
  });
  return { sent: true as const };
}
