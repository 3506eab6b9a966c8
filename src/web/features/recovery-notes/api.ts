import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateAmendmentInput,
  CreateRecoveryNoteInput,
  RecoveryNote,
  RecoveryNotePage,
  RecoveryNoteTemplate,
  UpdateRecoveryNoteInput,
} from '../../../shared/recovery-notes';
import { api } from '../../lib/api-client';
import { type NoteFilters, noteQueryString } from './list-params';

export const noteKeys = {
  all: ['/api/recovery-notes'] as const,
  lists: ['/api/recovery-notes', 'list'] as const,
  list: (filters: NoteFilters) => ['/api/recovery-notes', 'list', filters] as const,
  note: (id: string) => ['/api/recovery-notes', 'note', id] as const,
  templates: ['/api/recovery-notes', 'templates'] as const,
};

const notePath = (id: string) => `/api/recovery-notes/${encodeURIComponent(id)}`;

export const noteListQueryOptions = (filters: NoteFilters) =>
  infiniteQueryOptions({
    queryKey: noteKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<RecoveryNotePage>(`/api/recovery-notes?${noteQueryString(filters, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useNoteList = (filters: NoteFilters) => useInfiniteQuery(noteListQueryOptions(filters));

export const useNote = (id: string) =>
  useQuery({
    queryKey: noteKeys.note(id),
    queryFn: ({ signal }) => api.get<RecoveryNote>(notePath(id), { signal }),
    // A note out of reach is 404 and stays so; asking again only delays the message.
    retry: false,
  });

export const useTemplates = (enabled: boolean) =>
  useQuery({
    queryKey: noteKeys.templates,
    queryFn: ({ signal }) => api.get<RecoveryNoteTemplate[]>('/api/recovery-notes/templates', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

/** Every write answers the whole note: it replaces the cached one, and lists are asked again when next shown. */
function useNoteWrite<Input>(request: (input: Input) => Promise<RecoveryNote>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (note) => {
      queryClient.setQueryData(noteKeys.note(note.id), note);
      await queryClient.invalidateQueries({ queryKey: noteKeys.lists });
    },
  });
}

export const useCreateNote = () =>
  useNoteWrite((input: CreateRecoveryNoteInput) => api.post<RecoveryNote>('/api/recovery-notes', input));

export const useSaveDraft = (id: string) =>
  useNoteWrite((input: UpdateRecoveryNoteInput) => api.patch<RecoveryNote>(notePath(id), input));

export const useSignNote = (id: string) => useNoteWrite(() => api.post<RecoveryNote>(`${notePath(id)}/sign`));

export const useAmendNote = (id: string) =>
  useNoteWrite((input: CreateAmendmentInput) => api.post<RecoveryNote>(`${notePath(id)}/amendments`, input));

export const useShareNote = (id: string) =>
  useNoteWrite((shared: boolean) =>
    api.post<RecoveryNote>(`${notePath(id)}/${shared ? 'share' : 'unshare'}`),
  );
