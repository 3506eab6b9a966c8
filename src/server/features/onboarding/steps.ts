import type { z } from 'zod';
import {
  CONSENT_KINDS,
  CONSENT_TEXTS,
  consentField,
  INTAKE_STEP_SCHEMAS,
  type IntakeStep,
  nameMismatchMessage,
  SEX_LABELS,
  signatureMatches,
} from '../../../shared/onboarding';
import type { Tx } from '../../db/client';
import type { RequestMeta } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import * as accounts from '../accounts/service';
import * as patients from '../patients/service';
import * as repository from './repository';

type StepValues = { [S in IntakeStep]: z.output<(typeof INTAKE_STEP_SCHEMAS)[S]> };

/** Validates a step's body with its shared schema; the field messages go back as they are. */
function parseStep<S extends IntakeStep>(step: S, body: unknown): StepValues[S] {
  const parsed = INTAKE_STEP_SCHEMAS[step].safeParse(body);
  if (parsed.success) return parsed.data as StepValues[S];
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  const summary = Object.entries(fields)
    .map(([field, message]) => (field === '_' ? message : `${field}: ${message}`))
    .join('; ');
  throw badRequest(`Invalid request: ${summary}`, fields);
}

export type StepAnswers = { step: IntakeStep; body: unknown; meta: RequestMeta };

/**
 * Each step's answers go where the rest of the clinic reads them: intake fields on the patient's record, goals
 * on the onboarding row, consents as signed rows with who typed which name, from where and when.
 */
export async function writeStep(tx: Tx, patientId: string, { step, body, meta }: StepAnswers) {
  switch (step) {
    case 'personal': {
      const values = parseStep(step, body);
      return patients.saveIntake(tx, patientId, { ...values, sex: SEX_LABELS[values.sex] });
    }
    case 'contact':
    case 'insurance':
    case 'medical-history':
    case 'medications':
    case 'allergies':
      return patients.saveIntake(tx, patientId, parseStep(step, body));
    case 'goals': {
      const values = parseStep(step, body);
      return repository.updateOnboarding(tx, patientId, values);
    }
    case 'consents': {
      const values = parseStep(step, body);
      const account = await accounts.findAccountById(tx, patientId);
      const fullName = `${account?.firstName} ${account?.lastName}`;
      const fields: Record<string, string> = {};
      for (const kind of CONSENT_KINDS) {
        const typed = values[consentField(kind)];
        if (typed && !signatureMatches(typed, fullName))
          fields[consentField(kind)] = nameMismatchMessage(fullName);
      }
      if (Object.keys(fields).length > 0) throw badRequest(nameMismatchMessage(fullName), fields);
      const signedAt = new Date();
      return repository.insertConsents(
        tx,
        CONSENT_KINDS.filter((kind) => values[consentField(kind)]).map((kind) => ({
          patientId,
          kind,
          title: CONSENT_TEXTS[kind].title,
          signedName: values[consentField(kind)],
          signedAt,
          ipAddress: meta.ipAddress,
          userAgent: meta.userAgent?.slice(0, 500) ?? null,
        })),
      );
    }
  }
}
