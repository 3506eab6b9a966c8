import { Download } from 'lucide-react';
import { saveBlob } from '../../lib/download';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/** The recovery codes, shown this once: a list to copy and a text file to keep. */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  const download = () => {
    const text =
      'Clinic Portal recovery codes\n\nEach code signs you in once when your authenticator app is not at hand.\n\n' +
      `${codes.join('\n')}\n`;
    saveBlob(new Blob([text], { type: 'text/plain' }), 'clinic-portal-recovery-codes.txt');
  };
  return (
    <section aria-labelledby="recovery-codes-heading" className="flex flex-col gap-3">
      <h2 id="recovery-codes-heading" className="font-semibold text-lg">
        Your recovery codes
      </h2>
      <Alert variant="info">
        Keep these somewhere safe. Each code works once, if your phone is not at hand. They are shown only
        now.
      </Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-muted px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
    </section>
  );
}
