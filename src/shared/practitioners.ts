import { z } from 'zod';

/** One active practitioner, as offered in pickers (the client list's filter, the care team). */
export const PractitionerOptionSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type PractitionerOption = z.infer<typeof PractitionerOptionSchema>;

export const PractitionerListSchema = z.array(PractitionerOptionSchema);
