import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { downloadPdf } from './download';

type DownloadButtonProps = { path: string; fileName: string; label?: string; children: ReactNode };

/** Downloads a PDF document; a refusal is said in a toast. */
export function DownloadButton({ path, fileName, label, children }: DownloadButtonProps) {
  const [isBusy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadPdf(path, fileName);
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not download the document.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" aria-label={label} disabled={isBusy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      {children}
    </Button>
  );
}
