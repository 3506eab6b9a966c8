// What the version check answers, and how versions compare.
// No zod here: every page checks for a newer version, and none should load the schemas to read the answer.

export type VersionInfo = {
  currentVersion: string;
  latestVersion: string;
  changelog: string[];
  forceUpdate: boolean;
};

/** The answer of GET /api/version/check, checked field by field (the server's schema is VersionInfoSchema). */
export function isVersionInfo(value: unknown): value is VersionInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.currentVersion === 'string' &&
    typeof info.latestVersion === 'string' &&
    Array.isArray(info.changelog) &&
    info.changelog.every((entry) => typeof entry === 'string') &&
    typeof info.forceUpdate === 'boolean'
  );
}

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
