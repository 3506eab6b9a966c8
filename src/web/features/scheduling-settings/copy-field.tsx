import { Copy } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';

/** A read-only address with a button that copies it; the field can be selected by hand as well. */
export function CopyField({
  label,
  value,
  copiedMessage,
}: {
  label: string;
  value: string;
  copiedMessage: string;
}) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      toast.error('Could not copy. Select the address and copy it yourself.');
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
    </div>
  );
}
