import { ArrowRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { UPDATE_DIALOG_TITLE, UPDATE_FAILED_MESSAGE } from '../../../shared/messages';
import type { VersionInfo } from '../../../shared/vocabulary/version';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { installUpdate, type UpdateProgress, type UpdateStage } from './install';

const STAGE_TEXT: Record<UpdateStage, string> = {
  checking: 'Checking for updates…',
  downloading: 'Downloading update…',
  installing: 'Installing update…',
  complete: 'Update complete. Reloading…',
};

export type UpdateDialogProps = {
  info: VersionInfo;
  clientVersion: string;
  onRemindLater: () => void;
  onSkip: () => void;
  confirmLatestVersion: () => Promise<string>;
};

/** The 'New Version Available' prompt and the install progress (specification section 4). */
export default function UpdateDialog({
  info,
  clientVersion,
  onRemindLater,
  onSkip,
  confirmLatestVersion,
}: UpdateDialogProps) {
  const [progress, setProgress] = useState<UpdateProgress | null>(null);
  const [failed, setFailed] = useState(false);
  const progressRegion = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const installing = progress !== null && !failed;
  // A forced update, or one under way, can only be answered by its own buttons.
  const dismissible = !info.forceUpdate && !installing;

  const install = () => {
    setFailed(false);
    setProgress({ stage: 'checking', percent: 0 });
    // The buttons leave while installing; focus goes where the progress is announced instead of the page.
    requestAnimationFrame(() => progressRegion.current?.focus());
    installUpdate({ onProgress: setProgress, confirmLatestVersion }).catch(() => setFailed(true));
  };

  const keepOpen = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        // Escape or a click outside a dismissible prompt means "not now": the same as Remind Later.
        if (!open && dismissible) onRemindLater();
      }}
    >
      <DialogContent hideCloseButton onEscapeKeyDown={keepOpen} onInteractOutside={keepOpen}>
        <DialogHeader>
          <DialogTitle>{UPDATE_DIALOG_TITLE}</DialogTitle>
          <DialogDescription className="flex items-center gap-2" data-testid="update-versions">
            <span>Version {clientVersion}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
            <span className="sr-only">{' to '}</span>
            <span className="font-medium text-foreground">{info.latestVersion}</span>
          </DialogDescription>
        </DialogHeader>

        {info.forceUpdate ? (
          <p className="text-sm">This version is required to keep using the portal.</p>
        ) : null}

        {info.changelog.length > 0 ? (
          <section aria-labelledby={`${labelId}-changes`} className="flex flex-col gap-2">
            <h3 id={`${labelId}-changes`} className="font-medium text-sm">
              What's new
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {info.changelog.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        ) : null}

        <div ref={progressRegion} tabIndex={-1} className="flex flex-col gap-2 outline-none">
          {progress && !failed ? (
            <div
              role="progressbar"
              aria-label="Update progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.percent}
              aria-valuetext={`${STAGE_TEXT[progress.stage]} ${progress.percent}%`}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full bg-primary transition-[width] motion-reduce:transition-none"
                style={{ width: `${progress.percent}%` }}
              />
            </div>
          ) : null}
          {/* Always present, so screen readers hear each stage as the text changes. */}
          <p role="status" aria-live="polite" className="text-sm">
            {progress && !failed ? `${STAGE_TEXT[progress.stage]} ${progress.percent}%` : ''}
          </p>
          {failed ? <Alert variant="error">{UPDATE_FAILED_MESSAGE}</Alert> : null}
        </div>

        {installing ? null : (
          <DialogFooter>
            {info.forceUpdate ? null : (
              <>
                <Button variant="ghost" onClick={onSkip}>
                  Skip This Version
                </Button>
                <Button variant="outline" onClick={onRemindLater}>
                  Remind Later
                </Button>
              </>
            )}
            <Button onClick={install}>{failed ? 'Try Again' : 'Install'}</Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
