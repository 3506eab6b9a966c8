import type { APIRequestContext } from '@playwright/test';
import type { Appointment, CreateAppointmentInput } from '../../src/shared/scheduling';
import { expect } from './fixtures';

type Booking = Omit<CreateAppointmentInput, 'startsAt' | 'endsAt'>;
type When = { startsAt: Date; endsAt?: Date };

/**
 * Staff book through the API at a time `draw` picks. Other journeys and the demo diary hold some of the
 * practitioner's times, so a taken one (409) is drawn again, up to `attempts` times; any other answer fails.
 */
export async function bookAtAFreeTime(
  request: APIRequestContext,
  staffToken: string,
  booking: Booking,
  draw: () => When,
  attempts = 8,
): Promise<Appointment> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const { startsAt, endsAt } = draw();
    const response = await request.post('/api/appointments', {
      headers: { Authorization: `Bearer ${staffToken}` },
      data: {
        ...booking,
        startsAt: startsAt.toISOString(),
        ...(endsAt ? { endsAt: endsAt.toISOString() } : {}),
      },
    });
    if (response.status() !== 409) {
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as Appointment;
    }
  }
  throw new Error(`No free time for the appointment after ${attempts} tries`);
}
