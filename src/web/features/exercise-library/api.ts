import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type {
  BodyRegion,
  CreateExerciseInput,
  Exercise,
  ExercisePage,
  MediaFile,
  UpdateExerciseInput,
} from '../../../shared/exercise-library';
import { api } from '../../lib/api-client';
import { errorFromResponse, networkError } from '../../lib/api-error';
import { tokenStore } from '../../lib/token-store';
import { EXERCISE_QUERIES } from './live';

export type LibraryFilters = { search: string; region: BodyRegion | ''; tag: string; archived: boolean };

export const exerciseKeys = {
  all: EXERCISE_QUERIES,
  list: (filters: LibraryFilters) => [...EXERCISE_QUERIES, 'list', filters] as const,
};

function listQuery(filters: LibraryFilters, cursor: string | undefined) {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.region) params.set('region', filters.region);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.archived) params.set('status', 'archived');
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const exerciseListOptions = (filters: LibraryFilters) =>
  infiniteQueryOptions({
    queryKey: exerciseKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<ExercisePage>(`/api/exercises?${listQuery(filters, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useExerciseList = (filters: LibraryFilters) => useInfiniteQuery(exerciseListOptions(filters));

const exercisePath = (id: string) => `/api/exercises/${encodeURIComponent(id)}`;

export function useSaveExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string | null; input: CreateExerciseInput | UpdateExerciseInput }) =>
      change.id
        ? api.patch<Exercise>(exercisePath(change.id), change.input)
        : api.post<Exercise>('/api/exercises', change.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.all }),
  });
}

export function useArchiveExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; archived: boolean }) =>
      api.post<Exercise>(`${exercisePath(change.id)}/${change.archived ? 'archive' : 'restore'}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.all }),
  });
}

/** Sends one picture or video as multipart/form-data; the server checks what it is. */
export async function uploadExerciseMedia(file: File): Promise<MediaFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch('/api/exercises/media', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : {},
      body,
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as MediaFile;
}

/**
 * A stored file as an address the page can show: media answers only to a signed-in caller, so it is fetched
 * with the session and handed to <img> or <video> as a blob, released when no longer shown.
 */
export function useMediaObjectUrl(url: string | null) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setObjectUrl(null);
    setFailed(false);
    if (!url) return;
    const controller = new AbortController();
    let made: string | null = null;
    const token = tokenStore.get();
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        made = URL.createObjectURL(await response.blob());
        setObjectUrl(made);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return { objectUrl, failed };
}
