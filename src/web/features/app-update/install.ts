import { STORAGE_KEYS, UPDATE_PROGRESS_STEP, UPDATE_STEP_DELAYS_MS } from '../../../shared/constants';

export type UpdateStage = 'checking' | 'downloading' | 'installing' | 'complete';
export type UpdateProgress = { stage: UpdateStage; percent: number };

/**
 * The specification's three delays, in order: how long each 5% step of downloading stays on screen, how long
 * each 5% step of installing stays on screen, and the pause on 'complete' (100%) before the hard reload.
 * Checking (0%) lasts as long as the server takes to confirm the version.
 */
const [DOWNLOAD_STEP_MS, INSTALL_STEP_MS, COMPLETE_PAUSE_MS] = UPDATE_STEP_DELAYS_MS;

export { COMPLETE_PAUSE_MS, DOWNLOAD_STEP_MS, INSTALL_STEP_MS };

/** Specification section 4: checking 0%, downloading 15 to 65%, installing 70 to 85%, complete 100%. */
export const STAGE_PERCENTS = {
  checking: [0],
  downloading: percentRange(15, 65),
  installing: percentRange(70, 85),
  complete: [100],
} as const satisfies Record<UpdateStage, readonly number[]>;

function percentRange(from: number, to: number): number[] {
  const steps: number[] = [];
  for (let percent = from; percent <= to; percent += UPDATE_PROGRESS_STEP) steps.push(percent);
  return steps;
}

/** Keys an update must keep: the session, where sign-in returns to, and the update choices themselves. */
const PRESERVED_KEYS: ReadonlySet<string> = new Set([
  STORAGE_KEYS.token,
  STORAGE_KEYS.redirectAfterLogin,
  STORAGE_KEYS.notificationInteraction,
  STORAGE_KEYS.appVersion,
  STORAGE_KEYS.skipVersionUpdate,
  STORAGE_KEYS.remindUpdateLater,
]);

export function isPreservedKey(key: string): boolean {
  return PRESERVED_KEYS.has(key) || key.startsWith(STORAGE_KEYS.welcomeShownPrefix);
}

/** Removes everything the old version stored except the preserved keys. Throws when storage is blocked. */
export function clearLocalStorageExceptPreserved(storage: Storage = window.localStorage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  for (const key of keys) if (!isPreservedKey(key)) storage.removeItem(key);
}

/** The old version's cached files would be served again after the reload; browsers without the API have none. */
export async function clearCacheStorage(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/** A service worker would keep answering with the old version's files. */
export async function unregisterServiceWorkers(): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container?.getRegistrations) return;
  const registrations = await container.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

/** Indirection so tests can watch the reload without replacing window.location, which jsdom forbids. */
export const pageReload = {
  reload: (): void => window.location.reload(),
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type InstallOptions = {
  onProgress: (progress: UpdateProgress) => void;
  /** Asks the server which version to install; the one offered may have been superseded since. */
  confirmLatestVersion: () => Promise<string>;
};

/** Runs the update flow of specification section 4 and ends in a hard reload; any failure rejects. */
export async function installUpdate({ onProgress, confirmLatestVersion }: InstallOptions): Promise<void> {
  onProgress({ stage: 'checking', percent: 0 });
  const latestVersion = await confirmLatestVersion();

  for (const percent of STAGE_PERCENTS.downloading) {
    onProgress({ stage: 'downloading', percent });
    await wait(DOWNLOAD_STEP_MS);
  }

  // One piece of the clean-up per installing step, so the bar reports real work.
  const installSteps: Array<() => void | Promise<void>> = [
    clearCacheStorage,
    unregisterServiceWorkers,
    () => clearLocalStorageExceptPreserved(),
    () => window.localStorage.setItem(STORAGE_KEYS.appVersion, latestVersion),
  ];
  for (const [index, percent] of STAGE_PERCENTS.installing.entries()) {
    await installSteps[index]?.();
    onProgress({ stage: 'installing', percent });
    await wait(INSTALL_STEP_MS);
  }

  onProgress({ stage: 'complete', percent: 100 });
  await wait(COMPLETE_PAUSE_MS);
  pageReload.reload();
}
