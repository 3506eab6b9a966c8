import { DEFAULT_APP_VERSION, REMIND_LATER_MS, STORAGE_KEYS } from '../../../shared/constants';
import { compareVersions, type VersionInfo } from '../../../shared/vocabulary/version';
import { readStorage, writeStorage } from '../../lib/storage';

const VERSION_PATTERN = /^\d+(\.\d+)*$/;

/** The version this bundle was built as (vite.config.ts); unit tests run unbuilt code and get the default. */
export const BUILD_VERSION: string =
  typeof __APP_VERSION__ === 'string' && VERSION_PATTERN.test(__APP_VERSION__)
    ? __APP_VERSION__
    : DEFAULT_APP_VERSION;

function storedVersion(): string | null {
  const stored = readStorage(STORAGE_KEYS.appVersion);
  return stored && VERSION_PATTERN.test(stored) ? stored : null;
}

/**
 * The version the browser runs, recorded under STORAGE_KEYS.appVersion at start-up. The record only moves
 * forward: an install records the version it installed, and until a build at least that new is served (a
 * cached bundle, or a server stamped with APP_VERSION ahead of its bundle) asking again would loop the prompt.
 */
export function resolveClientVersion(buildVersion: string = BUILD_VERSION): string {
  const stored = storedVersion();
  if (stored && compareVersions(stored, buildVersion) >= 0) return stored;
  writeStorage(STORAGE_KEYS.appVersion, buildVersion);
  return buildVersion;
}

export function skipVersion(version: string): void {
  writeStorage(STORAGE_KEYS.skipVersionUpdate, version);
}

export function remindLater(now: number = Date.now()): void {
  writeStorage(STORAGE_KEYS.remindUpdateLater, String(now));
}

/** When a Remind Later choice stops holding the prompt back, or null when none holds it back now. */
export function remindLaterUntil(now: number = Date.now()): number | null {
  const chosenAt = Number(readStorage(STORAGE_KEYS.remindUpdateLater));
  if (!Number.isFinite(chosenAt) || chosenAt <= 0) return null;
  const until = chosenAt + REMIND_LATER_MS;
  return until > now ? until : null;
}

export type PromptDecision =
  | { show: true }
  | { show: false; reason: 'up-to-date' | 'skipped' }
  | { show: false; reason: 'remind-later'; until: number };

/**
 * Specification sections 4 and 5: prompt when the latest version is newer than the client's and is not the
 * skipped one, unless Remind Later was chosen less than an hour ago. A forced update always prompts.
 */
export function decidePrompt(
  info: VersionInfo,
  clientVersion: string,
  now: number = Date.now(),
): PromptDecision {
  if (info.forceUpdate) return { show: true };
  if (compareVersions(info.latestVersion, clientVersion) <= 0) return { show: false, reason: 'up-to-date' };
  if (readStorage(STORAGE_KEYS.skipVersionUpdate) === info.latestVersion)
    return { show: false, reason: 'skipped' };
  const until = remindLaterUntil(now);
  if (until !== null) return { show: false, reason: 'remind-later', until };
  return { show: true };
}
