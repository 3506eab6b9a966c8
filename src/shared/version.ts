import { z } from 'zod';
import type { VersionInfo } from './vocabulary/version';

export * from './vocabulary/version';

export const VersionInfoSchema = z.object({
  currentVersion: z.string(),
  latestVersion: z.string(),
  changelog: z.array(z.string()),
  forceUpdate: z.boolean(),
}) satisfies z.ZodType<VersionInfo>;

export const VersionCheckQuerySchema = z.strictObject({
  currentVersion: z
    .string()
    .max(32)
    .regex(/^\d+(\.\d+)*$/, 'Version must be dot-separated numbers')
    .optional(),
});
