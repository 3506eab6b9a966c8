import type { CheckIn } from '../../../shared/check-ins';
import type { TestApp } from '../../test/app';
import { call, expectStatus, type Who } from '../recovery-notes/testing';

export { call, careTeam, type Who } from '../recovery-notes/testing';

/** Turns care between visits on or off, as an admin does in Settings. */
export const setCareBetweenVisits = (t: TestApp, on: boolean) =>
  expectStatus(t, 'admin', {
    method: 'PUT',
    url: '/api/clinic/features',
    payload: { careBetweenVisits: on },
    status: 200,
  });

/** A measure sent now by a practitioner to a patient of theirs. */
export const sendMeasure = (t: TestApp, who: Who, to: { patientId: string; measure?: string }) =>
  expectStatus<CheckIn>(t, who, {
    method: 'POST',
    url: '/api/check-ins',
    payload: { patientId: to.patientId, measure: to.measure ?? 'nprs' },
    status: 201,
  });

/** The patient's answer to an NPRS check-in. */
export const answerPain = (t: TestApp, who: Who, { id, pain }: { id: string; pain: number }) =>
  expectStatus<CheckIn>(t, who, {
    method: 'POST',
    url: `/api/check-ins/${id}/response`,
    payload: { answers: [{ linkId: 'pain', value: pain }] },
    status: 200,
  });

export const listFor = async (t: TestApp, who: Who, patientId?: string) =>
  (
    await call(t, who, {
      method: 'GET',
      url: `/api/check-ins${patientId ? `?patientId=${patientId}` : ''}`,
    })
  ).json<{ items: CheckIn[] }>().items;
