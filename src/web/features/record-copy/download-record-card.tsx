import { useState } from 'react';
import { toast } from 'sonner';
import type { RecordCopyFormat } from '../../../shared/record-copies';
import { downloadFile } from '../../lib/download';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { refusalOf } from '../../ui/form-dialog';
import { LoadingState } from '../../ui/spinner';
import { useLatestCopy, useRequestCopy } from './api';

const FORMATS: Record<RecordCopyFormat, { label: string; accept: string; fallback: string }> = {
  pdf: { label: 'Download PDF', accept: 'application/pdf', fallback: 'my-record.pdf' },
  fhir: { label: 'Download FHIR bundle', accept: 'application/fhir+json', fallback: 'my-record.fhir.json' },
};

const prepared = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * My Account, Settings, "Download my record" (patients, while the clinic has data exchange on): asks for a copy,
 * shows it being prepared, then offers a readable PDF and the FHIR R4 bundle for another clinic or app.
 */
export function DownloadRecordCard() {
  const latest = useLatestCopy();
  const request = useRequestCopy();
  const [downloading, setDownloading] = useState<RecordCopyFormat | null>(null);
  const copy = latest.data ?? null;

  const download = async (format: RecordCopyFormat) => {
    if (!copy) return;
    setDownloading(format);
    try {
      const { accept, fallback } = FORMATS[format];
      await downloadFile(`/api/my-record/copies/${copy.id}/${format}`, accept, fallback);
    } catch (caught) {
      toast.error(refusalOf(caught, 'The copy could not be downloaded.').message);
    } finally {
      setDownloading(null);
    }
  };

  const ask = async () => {
    try {
      await request.mutateAsync();
    } catch (caught) {
      toast.error(refusalOf(caught, 'Your copy could not be started.').message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Download my record</CardTitle>
        <CardDescription>
          A copy of your record: your details, care team, appointments, the notes shared with you, your
          onboarding answers and consents, invoices and payments. The PDF is for reading; the FHIR bundle is
          the standard format other clinics and health apps import.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {latest.isPending ? (
          <LoadingState label="Loading your copies…" />
        ) : latest.isError ? (
          <Alert variant="error">{latest.error.message}</Alert>
        ) : (
          <>
            <p role="status" aria-live="polite" className="text-sm">
              {copy === null
                ? 'You have not asked for a copy yet.'
                : copy.status === 'preparing'
                  ? 'Preparing your copy…'
                  : copy.status === 'failed'
                    ? 'Your copy could not be prepared. Please ask again.'
                    : copy.status === 'expired'
                      ? `Your copy from ${prepared.format(new Date(copy.readyAt ?? copy.createdAt))} has been deleted. Prepare a new one to download your record.`
                      : `Your copy from ${prepared.format(new Date(copy.readyAt ?? copy.createdAt))} is ready.`}
            </p>
            {copy?.status === 'ready' && copy.expiresAt ? (
              <p className="text-muted-foreground text-xs">
                {`Kept until ${prepared.format(new Date(copy.expiresAt))}, then deleted.`}
              </p>
            ) : null}
            {copy?.status === 'ready' ? (
              <div className="flex flex-wrap gap-2">
                {(Object.keys(FORMATS) as RecordCopyFormat[]).map((format) => (
                  <Button
                    key={format}
                    type="button"
                    variant="outline"
                    onClick={() => download(format)}
                    disabled={downloading !== null}
                  >
                    {FORMATS[format].label}
                  </Button>
                ))}
              </div>
            ) : null}
            <div>
              <Button
                type="button"
                onClick={ask}
                disabled={request.isPending || copy?.status === 'preparing'}
              >
                {copy ? 'Prepare a new copy' : 'Prepare my copy'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
