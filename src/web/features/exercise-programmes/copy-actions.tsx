import { useState } from 'react';
import { toast } from 'sonner';
import { downloadFile } from '../../lib/download';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';
import { useEmailCopy } from './api';

/** Download the programme as a PDF (fetched with the session like every call) and email the patient a copy. */
export function CopyActions({ programmeId, title }: { programmeId: string; title: string }) {
  const email = useEmailCopy();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        `/api/exercise-programmes/${programmeId}/pdf`,
        'application/pdf',
        'exercise-programme.pdf',
      );
    } catch (caught) {
      toast.error(refusalOf(caught, 'The PDF could not be downloaded.').message);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={download}
        disabled={downloading}
        aria-label={`Download ${title} as a PDF`}
      >
        Download PDF
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={email.isPending}
        onClick={() =>
          email.mutate(programmeId, {
            onSuccess: () => toast.success('A copy was emailed to the patient'),
            onError: (caught) => toast.error(refusalOf(caught, 'The copy could not be emailed.').message),
          })
        }
        aria-label={`Email ${title}`}
      >
        Email a copy
      </Button>
    </>
  );
}
