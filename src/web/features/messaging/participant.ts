import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import type { Contact, ConversationPage } from '../../../shared/messaging';
import { useContacts, useConversations } from './api';

function inConversations(data: InfiniteData<ConversationPage> | undefined, id: string): Contact | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.items.find((item) => item.participant.id === id);
    if (found) return found.participant;
  }
  return undefined;
}

/**
 * The person a conversation is with: from the conversation list, from a compose search already made, or
 * (a fresh link to someone not yet written to) from the contacts the server lets us write to.
 */
export function useParticipant(id: string): { participant: Contact | null; isLoading: boolean } {
  const queryClient = useQueryClient();
  const conversations = useConversations('');
  const fromSearch = queryClient
    .getQueriesData<Contact[]>({ queryKey: ['/api/messages/contacts'] })
    .flatMap(([, list]) => list ?? [])
    .find((contact) => contact.id === id);
  const cached = inConversations(conversations.data, id) ?? fromSearch;
  const contacts = useContacts('', !cached && !conversations.isPending);
  const participant = cached ?? contacts.data?.find((contact) => contact.id === id) ?? null;
  const isLoading = !participant && (conversations.isPending || contacts.isFetching);
  return { participant, isLoading };
}
