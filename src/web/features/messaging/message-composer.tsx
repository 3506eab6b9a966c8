import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGE_MAX_LENGTH } from '../../../shared/vocabulary/messaging';
import { Button } from '../../ui/button';
import { useSendMessage } from './api';
import { useTypingSignal } from './use-typing-signal';

export const SEND_FAILED_MESSAGE = 'Your message was not sent. Please try again.';

/** Enter sends, Shift+Enter starts a new line; plain text up to 5,000 characters. */
export function MessageComposer({
  recipientId,
  recipientName,
}: {
  recipientId: string;
  recipientName: string;
}) {
  const [draft, setDraft] = useState('');
  const send = useSendMessage();
  const typing = useTypingSignal(recipientId);
  const fieldId = useId();
  const counterId = useId();
  const content = draft.trim();
  const canSend = content.length > 0 && draft.length <= MESSAGE_MAX_LENGTH;

  const submit = () => {
    if (!canSend) return;
    typing.stop();
    setDraft('');
    send.mutate(
      { recipientId, content },
      {
        onError: () => {
          toast.error(SEND_FAILED_MESSAGE);
          // Give the words back rather than lose them, unless something new was started meanwhile.
          setDraft((current) => current || content);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex flex-col gap-1 border-border border-t pt-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {`Message to ${recipientName}`}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldId}
          value={draft}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-describedby={counterId}
          placeholder="Write a message…"
          className="max-h-40 min-h-12 flex-1 resize-y rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm placeholder:text-muted-foreground"
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value) typing.typed();
            else typing.stop();
          }}
          onKeyDown={onKeyDown}
          onBlur={typing.stop}
        />
        <Button type="submit" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" />
          Send
        </Button>
      </div>
      <p id={counterId} className="flex justify-between text-muted-foreground text-xs">
        <span>Enter to send, Shift+Enter for a new line.</span>
        <span>
          {draft.length} / {MESSAGE_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </span>
      </p>
    </form>
  );
}
