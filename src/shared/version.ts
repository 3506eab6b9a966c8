import { z } from 'zod';

export const VersionInfoSchema = z.object({
  currentVersion: z.string(),
  latestVersion: z.string(),
  changelog: z.array(z.string()),
  forceUpdate: z.boolean(),
});
export type VersionInfo = z.infer<typeof VersionInfoSchema>;

export const VersionCheckQuerySchema = z.strictObject({
  currentVersion: z
    .string()
    .max(32)
    .regex(/^\d+(\.\d+)*$/, 'Version must be dot-separated numbers')
    .optional(),
});

/** Compares dot-separated numeric versions part by part: 1 when a is newer, -1 when older, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff > 0 ? 1 : -1;
  }
  return 0;
}
