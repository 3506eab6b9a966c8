import type { Db, Tx } from '../../db/client';
import * as repository from './repository';

/*
 * What the availability feature needs of the diary, kept apart from the appointments service, which itself
 * asks availability for free slots: both import this module, and neither imports the other's service back.
 */

/**
 * For the free-slot computation: a practitioner's active appointments overlapping a window (cancelled and
 * no-show ones have freed their time). Reads no patient, so it is not logged.
 */
export const activeAppointmentSpans = (
  db: Db | Tx,
  practitionerId: string,
  window: { from: Date; to: Date },
) => repository.activeSpans(db, practitionerId, window);
