import { PenSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../../shared/vocabulary/roles';
import { fullName } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { Input } from '../../ui/input';
import { LoadingState } from '../../ui/spinner';
import { useContacts } from './api';
import { useMessagesPath } from './messages-path';
import { PersonAvatar } from './person-avatar';

/** Compose: find someone this role may write to and open the conversation with them. */
export function NewMessageDialog() {
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const contacts = useContacts(settledSearch, isOpen);
  const navigate = useNavigate();
  const messagesPath = useMessagesPath();
  const searchId = useId();

  const onOpenChange = (open: boolean) => {
    setOpen(open);
    if (!open) setSearch('');
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <PenSquare aria-hidden="true" />
          New message
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close new message">
        <DialogHeader>
          <DialogTitle>New message</DialogTitle>
          <DialogDescription>Choose who to write to.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <label htmlFor={searchId} className="font-medium text-sm">
            Search people
          </label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <div className="max-h-80 overflow-y-auto">
          {contacts.isPending ? (
            <LoadingState label="Finding people…" />
          ) : contacts.isError ? (
            <Alert variant="error">Could not load the people you can write to. Please try again.</Alert>
          ) : contacts.data.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground text-sm">No one matches your search.</p>
          ) : (
            <ul aria-label="People you can write to" className="flex flex-col gap-0.5">
              {contacts.data.map((contact) => (
                <li key={contact.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-accent hover:text-accent-foreground"
                    onClick={() => {
                      onOpenChange(false);
                      void navigate(`${messagesPath}?with=${contact.id}`);
                    }}
                  >
                    <PersonAvatar person={contact} />
                    <span className="flex flex-col">
                      <span className="font-medium">{fullName(contact)}</span>
                      <span className="text-muted-foreground text-xs">{ROLE_LABELS[contact.role]}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
