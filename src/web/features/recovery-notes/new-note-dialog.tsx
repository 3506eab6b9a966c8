import { FilePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { Label } from '../../ui/label';
import { Select } from '../../ui/select';
import { PatientPicker } from '../patients';
import { useCreateNote, useTemplates } from './api';

/**
 * A practitioner starts a draft for a patient, optionally from a template, and goes straight to it. Given a
 * patient (from their record), the note is for them and no patient is asked for.
 */
export function NewNoteDialog({ patient }: { patient?: { id: string; name: string } } = {}) {
  const id = useId();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [chosenPatientId, setPatientId] = useState('');
  const patientId = patient?.id ?? chosenPatientId;
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const templates = useTemplates(isOpen);
  const create = useCreateNote();

  const onOpenChange = (open: boolean) => {
    setOpen(open);
    if (!open) {
      setPatientId('');
      setTemplateId('');
      setError(null);
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!patientId) {
      setError('Choose a patient');
      return;
    }
    setError(null);
    try {
      const note = await create.mutateAsync({ patientId, ...(templateId ? { templateId } : {}) });
      setOpen(false);
      navigate(`/recovery-notes/${note.id}`);
    } catch (caught) {
      setError(isApiRequestError(caught) ? caught.message : 'Could not start the note. Please try again.');
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <FilePlus aria-hidden="true" />
          New note
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close new note">
        <DialogHeader>
          <DialogTitle>New note</DialogTitle>
          <DialogDescription>
            {patient ? `For ${patient.name}. ` : ''}The note starts as a draft that saves as you write.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label="New note" className="flex flex-col gap-3">
          {error ? <Alert variant="error">{error}</Alert> : null}
          {patient ? null : (
            <PatientPicker
              label="Patient"
              emptyLabel="Choose a patient"
              value={patientId}
              onChange={setPatientId}
            />
          )}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-template`}>Template</Label>
            <Select
              id={`${id}-template`}
              value={templateId}
              onChange={(event) => setTemplateId(event.target.value)}
            >
              <option value="">No template</option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </Select>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Starting…' : 'Start note'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
