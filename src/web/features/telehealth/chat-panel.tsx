import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CALL_CHAT_MAX_LENGTH } from '../../../shared/telehealth';
import { useFormatter } from '../../lib/format';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import type { ChatLine } from './use-call';

/** The call's text chat: relayed to the others as it is typed in, kept on this page only, never stored. */
export function ChatPanel({
  lines,
  onSend,
  disabled,
}: {
  lines: ChatLine[];
  onSend: (text: string) => boolean;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const format = useFormatter();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    if (onSend(trimmed)) {
      setText('');
      setProblem(null);
    } else setProblem('Not sent: the connection is down. It will come back by itself.');
  };
  return (
    <section aria-labelledby="call-chat-heading" className="flex min-h-0 flex-col gap-2">
      <h2 id="call-chat-heading" className="font-semibold text-base">
        Chat
      </h2>
      <p className="text-muted-foreground text-xs">Messages here are not saved.</p>
      <div
        role="log"
        aria-labelledby="call-chat-heading"
        className="max-h-64 min-h-16 overflow-y-auto rounded-md border border-border p-2 text-sm"
      >
        <ol className="flex flex-col gap-2">
          {lines.length === 0 ? <li className="text-muted-foreground">No messages yet.</li> : null}
          {lines.map((line) => (
            <li key={line.id} className={line.isOwn ? 'text-right' : undefined}>
              <span className="font-medium">{line.fromName}</span>{' '}
              <time dateTime={line.sentAt} className="text-muted-foreground text-xs">
                {format.time(line.sentAt)}
              </time>
              <p className="whitespace-pre-wrap break-words">{line.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor="call-chat-input" className="sr-only">
          Message
        </label>
        <Input
          id="call-chat-input"
          value={text}
          maxLength={CALL_CHAT_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="Type a message"
          autoComplete="off"
          disabled={disabled}
        />
        <Button type="submit" aria-label="Send message" disabled={disabled || !text.trim()}>
          <Send aria-hidden="true" />
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
