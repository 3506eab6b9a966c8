import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '../../../shared/messaging';
import { cn } from '../../lib/cn';
import { fullName, shortTime, useFormatter } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { LoadingState, Spinner } from '../../ui/spinner';
import { useUser } from '../auth';
import { useConversations } from './api';
import { useMessagesPath } from './messages-path';
import { NewMessageDialog } from './new-message-dialog';
import { PersonAvatar } from './person-avatar';

export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <Badge className={cn('shrink-0', className)}>
      {count}
      <span className="sr-only"> unread</span>
    </Badge>
  );
}

function ConversationRow({ conversation, isSelected }: { conversation: Conversation; isSelected: boolean }) {
  const messagesPath = useMessagesPath();
  const user = useUser();
  const format = useFormatter();
  const { participant, lastMessage, unreadCount } = conversation;
  const isOwn = lastMessage.senderId === user.id;
  return (
    <li>
      <Link
        to={`${messagesPath}?with=${participant.id}`}
        aria-current={isSelected ? 'page' : undefined}
        className={cn(
          'flex items-start gap-3 rounded-md px-3 py-2.5 text-sm',
          isSelected ? 'bg-accent text-accent-foreground' : 'hover:bg-accent hover:text-accent-foreground',
        )}
      >
        <PersonAvatar person={participant} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate', unreadCount > 0 ? 'font-semibold' : 'font-medium')}>
              {fullName(participant)}
            </span>
            <time dateTime={lastMessage.createdAt} className="shrink-0 text-muted-foreground text-xs">
              {shortTime(format, lastMessage.createdAt)}
            </time>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-muted-foreground">
              {isOwn ? 'You: ' : ''}
              {lastMessage.content}
            </span>
            <UnreadBadge count={unreadCount} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Everyone the user has written with, the latest exchange first; searchable and paged. */
export function ConversationList({ selectedId }: { selectedId: string | null }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const conversations = useConversations(settledSearch);
  const items = conversations.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="conversations-heading" className="font-semibold text-base">
          Conversations
        </h2>
        <NewMessageDialog />
      </div>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search conversations
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search conversations"
          className="pl-9"
          maxLength={100}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {conversations.isPending ? (
          <LoadingState label="Loading conversations…" />
        ) : conversations.isError ? (
          <Alert variant="error">Could not load your conversations. Please reload the page.</Alert>
        ) : items.length === 0 ? (
          <p className="px-3 py-6 text-center text-muted-foreground text-sm">
            {settledSearch ? 'No conversations match your search.' : 'No conversations yet.'}
          </p>
        ) : (
          <ul aria-labelledby="conversations-heading" className="flex flex-col gap-0.5">
            {items.map((conversation) => (
              <ConversationRow
                key={conversation.participant.id}
                conversation={conversation}
                isSelected={conversation.participant.id === selectedId}
              />
            ))}
          </ul>
        )}
        {conversations.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            className="mt-2 w-full"
            disabled={conversations.isFetchingNextPage}
            onClick={() => void conversations.fetchNextPage()}
          >
            {conversations.isFetchingNextPage ? <Spinner /> : null}
            Load more conversations
          </Button>
        ) : null}
      </div>
    </div>
  );
}
