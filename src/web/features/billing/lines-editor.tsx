import { centsFromText } from '../../../shared/money';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import type { DraftLine } from './editor-lines';

type LinesEditorProps = {
  lines: DraftLine[];
  /** The message at a path keyed as the server keys them: lineItems.0.description. */
  messageAt: (path: string) => string | undefined;
  onChange: (lines: DraftLine[]) => void;
};

const amountOf = (line: DraftLine) => {
  const quantity = /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : null;
  const price = centsFromText(line.unitPrice);
  return quantity !== null && price !== null ? formatMoney(quantity * price) : '—';
};

/** The invoice's lines, each a group of its fields; a session's line takes its words and price from the session. */
export function LinesEditor({ lines, messageAt, onChange }: LinesEditorProps) {
  const change = (key: string, changes: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...changes } : line)));
  return (
    <div className="flex flex-col gap-2">
      {messageAt('lineItems') ? (
        <p className="font-medium text-destructive text-sm">{messageAt('lineItems')}</p>
      ) : null}
      {lines.length === 0 ? (
        <p className="text-muted-foreground text-sm">No lines yet.</p>
      ) : (
        <ol aria-label="Invoice lines" className="flex flex-col gap-3">
          {lines.map((line, index) => {
            const at = `lineItems.${index}`;
            const fromSession = Boolean(line.appointmentId);
            const name = `Line ${index + 1}`;
            return (
              <li key={line.key}>
                <fieldset className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_6rem_8rem_auto]">
                  <legend className="px-1 font-medium text-sm">
                    {name}
                    {fromSession ? ' (completed session)' : ''}
                  </legend>
                  <FormField
                    label="Description"
                    error={messageAt(`${at}.description`) ?? messageAt(`${at}.appointmentId`)}
                  >
                    <Input
                      value={line.description}
                      readOnly={fromSession}
                      maxLength={200}
                      onChange={(event) => change(line.key, { description: event.target.value })}
                    />
                  </FormField>
                  <FormField label="Quantity" error={messageAt(`${at}.quantity`)}>
                    <Input
                      inputMode="numeric"
                      value={line.quantity}
                      readOnly={fromSession}
                      onChange={(event) => change(line.key, { quantity: event.target.value })}
                    />
                  </FormField>
                  <FormField label="Unit price ($)" error={messageAt(`${at}.unitPriceCents`)}>
                    <Input
                      inputMode="decimal"
                      value={line.unitPrice}
                      readOnly={fromSession}
                      onChange={(event) => change(line.key, { unitPrice: event.target.value })}
                    />
                  </FormField>
                  <div className="flex flex-col justify-end gap-1.5 text-sm">
                    <p>
                      <span className="text-muted-foreground">Amount </span>
                      <span className="tabular-nums">{amountOf(line)}</span>
                    </p>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Remove line ${index + 1}`}
                      onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
                    >
                      Remove
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
