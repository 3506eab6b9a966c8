import { MessageSquare } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { cn } from '../../lib/cn';
import { ConversationList } from './conversation-list';
import { MessageThread } from './message-thread';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /messages, full screen: the conversation list beside the open thread. The open conversation lives in the
 * address (/messages?with=USER_ID) so it survives a reload and can be linked to. Small screens show one of
 * the two at a time.
 */
export function MessagesPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('with');
  const participantId = requested && UUID.test(requested) ? requested.toLowerCase() : null;

  return (
    <div className="grid h-[calc(100dvh-8.5rem)] min-h-[26rem] gap-4 md:grid-cols-[20rem_minmax(0,1fr)]">
      <section
        aria-labelledby="conversations-heading"
        className={cn('min-h-0 flex-col md:flex', participantId ? 'hidden' : 'flex')}
      >
        <ConversationList selectedId={participantId} />
      </section>
      <section
        aria-label="Conversation"
        className={cn(
          'min-h-0 flex-col rounded-lg border border-border p-3 md:flex',
          participantId ? 'flex' : 'hidden',
        )}
      >
        {participantId ? (
          <MessageThread key={participantId} participantId={participantId} />
        ) : (
          <div className="m-auto flex flex-col items-center gap-2 text-center text-muted-foreground text-sm">
            <MessageSquare aria-hidden="true" className="size-8" />
            <p>Choose a conversation, or start one with New message.</p>
          </div>
        )}
      </section>
    </div>
  );
}
