import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { VersionInfo } from '../../../shared/vocabulary/version';
import { remindLater, resolveClientVersion, skipVersion } from './update-storage';
import { fetchVersionInfo, VersionCheckService } from './version-check';

// Most visits never see the prompt, so its dialog loads only when there is something to offer.
const UpdateDialog = lazy(() => import('./update-dialog'));

/** Mounted once at the root: runs the version-check service for every visitor and shows the update prompt. */
export function AppUpdate() {
  // Read (and recorded) once per page load: the version a page runs cannot change without a reload.
  const [clientVersion] = useState(resolveClientVersion);
  const [offer, setOffer] = useState<VersionInfo | null>(null);
  const service = useRef<VersionCheckService | null>(null);

  useEffect(() => {
    const checks = new VersionCheckService({ clientVersion, onPrompt: setOffer });
    service.current = checks;
    return checks.start();
  }, [clientVersion]);

  const close = useCallback((info: VersionInfo) => {
    setOffer(null);
    service.current?.promptClosed(info);
  }, []);

  const confirmLatestVersion = useCallback(
    async () => (await fetchVersionInfo(clientVersion)).latestVersion,
    [clientVersion],
  );

  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog
        info={offer}
        clientVersion={clientVersion}
        confirmLatestVersion={confirmLatestVersion}
        onRemindLater={() => {
          remindLater();
          close(offer);
        }}
        onSkip={() => {
          skipVersion(offer.latestVersion);
          close(offer);
        }}
      />
    </Suspense>
  );
}
