import { isVersionInfo, type VersionInfo } from '../../../shared/vocabulary/version';
import { api } from '../../lib/api-client';
import { decidePrompt } from './update-storage';

/** How often an open tab asks whether a newer version is out. */
export const VERSION_CHECK_INTERVAL_MS = 30 * 60_000;
/** A tab that comes back after this long hidden may have missed checks (browsers slow timers in hidden tabs). */
export const RECHECK_AFTER_HIDDEN_MS = 5 * 60_000;

export async function fetchVersionInfo(clientVersion: string): Promise<VersionInfo> {
  const info = await api.get<unknown>(
    `/api/version/check?currentVersion=${encodeURIComponent(clientVersion)}`,
  );
  if (!isVersionInfo(info)) throw new Error('The version check answered in an unknown shape');
  return info;
}

type Options = {
  clientVersion: string;
  /** Called with the version to offer when the prompt should open. */
  onPrompt: (info: VersionInfo) => void;
  fetchInfo?: (clientVersion: string) => Promise<VersionInfo>;
};

/**
 * The version-check service: asks at start, every 30 minutes, and when the tab is shown again after a long
 * time hidden; while the prompt is open it does not ask. A Remind Later choice schedules a check for the
 * moment the hour runs out, so the prompt returns on time rather than at the next half-hourly check.
 */
export class VersionCheckService {
  private readonly options: Required<Options>;
  private prompting = false;
  private stopped = true;
  private interval: ReturnType<typeof setInterval> | undefined;
  private reminder: ReturnType<typeof setTimeout> | undefined;
  private hiddenAt: number | null = null;

  constructor(options: Options) {
    this.options = { fetchInfo: fetchVersionInfo, ...options };
  }

  start(): () => void {
    this.stopped = false;
    void this.check();
    this.interval = setInterval(() => void this.check(), VERSION_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    return () => this.stop();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.interval);
    clearTimeout(this.reminder);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
  }

  async check(): Promise<void> {
    if (this.prompting || this.stopped) return;
    let info: VersionInfo;
    try {
      info = await this.options.fetchInfo(this.options.clientVersion);
    } catch {
      // A failed check is not worth troubling anyone with: the next one comes soon.
      return;
    }
    if (this.stopped || this.prompting) return;
    this.consider(info);
  }

  /** The prompt closed through Remind Later or Skip This Version: the choice is stored, so weigh it now. */
  promptClosed(info: VersionInfo): void {
    this.prompting = false;
    this.consider(info);
  }

  private consider(info: VersionInfo): void {
    clearTimeout(this.reminder);
    const decision = decidePrompt(info, this.options.clientVersion);
    if (decision.show) {
      this.prompting = true;
      this.options.onPrompt(info);
    } else if (decision.reason === 'remind-later') {
      this.reminder = setTimeout(() => void this.check(), decision.until - Date.now());
    }
  }

  private readonly onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') {
      this.hiddenAt = Date.now();
      return;
    }
    const hiddenFor = this.hiddenAt === null ? 0 : Date.now() - this.hiddenAt;
    this.hiddenAt = null;
    if (hiddenFor >= RECHECK_AFTER_HIDDEN_MS) void this.check();
  };
}
