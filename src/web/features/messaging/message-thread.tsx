import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCheck, Clock } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { Message } from '../../../shared/messaging';
import { ROLE_LABELS } from '../../../shared/vocabulary/roles';
import { cn } from '../../lib/cn';
import { fullName, receiptTime, shortTime, useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState, Spinner } from '../../ui/spinner';
import { useUser } from '../auth';
import { isPending, markConversationRead, useThread } from './api';
import { MessageComposer } from './message-composer';
import { useMessagesPath } from './messages-path';
import { useMessaging } from './messaging-provider';
import { useParticipant } from './participant';
import { PersonAvatar } from './person-avatar';

/** Sent, Delivered (with time) or Read (with time), in words and not only as ticks. */
export function DeliveryStatus({ message }: { message: Message }) {
  const format = useFormatter();
  if (isPending(message)) {
    return (
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3" />
        Sending…
      </span>
    );
  }
  if (message.deliveryStatus === 'read') {
    return (
      <span className="inline-flex items-center gap-1 text-primary">
        <CheckCheck aria-hidden="true" className="size-3" />
        Read{message.readAt ? ` ${receiptTime(format, message.readAt)}` : ''}
      </span>
    );
  }
  if (message.deliveryStatus === 'delivered') {
    return (
      <span className="inline-flex items-center gap-1">
        <CheckCheck aria-hidden="true" className="size-3" />
        Delivered{message.deliveredAt ? ` ${receiptTime(format, message.deliveredAt)}` : ''}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <Check aria-hidden="true" className="size-3" />
      Sent
    </span>
  );
}

function MessageItem({
  message,
  isOwn,
  senderName,
}: {
  message: Message;
  isOwn: boolean;
  senderName: string;
}) {
  const format = useFormatter();
  return (
    <li
      data-message-id={message.id}
      className={cn(
        'flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]',
        isOwn ? 'items-end self-end' : 'self-start',
      )}
    >
      <span className="sr-only">{isOwn ? 'You' : senderName} wrote:</span>
      {/* Text only, line breaks kept: what someone typed is never read as markup. */}
      <p
        className={cn(
          'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
          isOwn ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
      >
        {message.content}
      </p>
      <span className="flex items-center gap-2 text-muted-foreground text-xs">
        <time dateTime={message.createdAt} title={format.dateTime(message.createdAt)}>
          {shortTime(format, message.createdAt)}
        </time>
        {isOwn ? <DeliveryStatus message={message} /> : null}
      </span>
    </li>
  );
}

/** Keeps the newest message in view as messages arrive, and the reader's place when older ones load above. */
function useStickToBottom(messages: Message[]) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const previous = useRef({ oldest: '', newest: '', height: 0 });
  const oldest = messages[0]?.id ?? '';
  const newest = messages.at(-1)?.id ?? '';

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = previous.current;
    if (before.oldest && oldest !== before.oldest && newest === before.newest) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (newest !== before.newest && isAtBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { oldest, newest, height: element.scrollHeight };
  }, [oldest, newest]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
  };
  return { scrollRef, onScroll, isAtBottom };
}

/** The open conversation: messages oldest at the top, who is typing, and the composer. */
export function MessageThread({ participantId }: { participantId: string }) {
  const messagesPath = useMessagesPath();
  const user = useUser();
  const queryClient = useQueryClient();
  const { participant, isLoading } = useParticipant(participantId);
  const thread = useThread(participantId);
  const { typingUserIds, setOpenConversation } = useMessaging();
  const messages = useMemo(() => (thread.data?.pages.flat() ?? []).slice().reverse(), [thread.data]);
  const { scrollRef, onScroll, isAtBottom } = useStickToBottom(messages);

  useEffect(() => {
    setOpenConversation(participantId);
    void markConversationRead(queryClient, participantId, user.id).catch(() => undefined);
    return () => setOpenConversation(null);
  }, [participantId, queryClient, user.id, setOpenConversation]);

  // One's own new message always scrolls into view.
  const newest = messages.at(-1);
  if (newest && newest.senderId === user.id && isPending(newest)) isAtBottom.current = true;

  if (thread.isError) {
    return (
      <Alert variant="error" className="m-4">
        This conversation could not be opened.
      </Alert>
    );
  }
  if (isLoading || thread.isPending) return <LoadingState label="Loading conversation…" />;
  const name = participant
    ? fullName(participant)
    : (messages.find((m) => m.senderId === participantId)?.senderName ?? 'Conversation');
  const firstName = participant?.firstName ?? name.split(' ')[0];
  const isTyping = typingUserIds.has(participantId);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex items-center gap-3 border-border border-b pb-3">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to={messagesPath} aria-label="Back to conversations">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        {participant ? <PersonAvatar person={participant} /> : null}
        <div className="flex min-w-0 flex-col">
          <h2 id="thread-heading" className="truncate font-semibold text-base">
            {name}
          </h2>
          {participant ? (
            <p className="text-muted-foreground text-xs">{ROLE_LABELS[participant.role]}</p>
          ) : null}
        </div>
      </div>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-labelledby="thread-heading"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-1 py-2"
      >
        {thread.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="self-center"
            disabled={thread.isFetchingNextPage}
            onClick={() => void thread.fetchNextPage()}
          >
            {thread.isFetchingNextPage ? <Spinner /> : null}
            Load older messages
          </Button>
        ) : null}
        {messages.length === 0 ? (
          <p className="m-auto text-muted-foreground text-sm">No messages yet. Say hello to {firstName}.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                isOwn={message.senderId === user.id}
                senderName={name}
              />
            ))}
          </ol>
        )}
      </div>
      <p aria-live="polite" className="min-h-5 px-1 text-muted-foreground text-sm italic">
        {isTyping ? `${firstName} is typing…` : ''}
      </p>
      <MessageComposer recipientId={participantId} recipientName={name} />
    </div>
  );
}
