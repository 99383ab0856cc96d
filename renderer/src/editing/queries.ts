/** The objects being edited in place: the main process's list, and what the page asks of it. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EditConflictChoice, EditingSession } from '../../../shared/editing';
import { call, subscribe } from '../api';
import { showWrittenObject } from '../cache/invalidate';
import { editingKey } from '../cache/queryKeys';
import { newlySaved } from './editingText';

const NONE: EditingSession[] = [];

/** Every object being edited, as the main process last told. */
export function useEditingList(): EditingSession[] {
  const query = useQuery({ queryKey: editingKey, queryFn: () => call('listEditing', {}), staleTime: Infinity });
  return query.data ?? NONE;
}

/**
 * Follows the main process's `editing` events (mounted once, by the transfers panel): the list is
 * replaced, and each object a save reached shows its new size and time in the listings.
 */
export function useEditingEvents(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribe('editing', ({ sessions }) => {
        const before = client.getQueryData<EditingSession[]>(editingKey) ?? NONE;
        client.setQueryData(editingKey, sessions);
        for (const edit of newlySaved(before, sessions)) {
          void showWrittenObject(client, edit.region, edit.container, edit.name).catch(() => undefined);
        }
      }),
    [client],
  );
}

export function useStartEditing() {
  return useMutation({
    mutationFn: (object: { region: string; container: string; name: string }) => call('startEditing', object),
  });
}

export function useStopEditing() {
  return useMutation({ mutationFn: (id: string) => call('stopEditing', { id }) });
}

export function useRetryEditUpload() {
  return useMutation({ mutationFn: (id: string) => call('retryEditUpload', { id }) });
}

export function useResolveEditConflict() {
  return useMutation({
    mutationFn: (answer: { id: string; choice: EditConflictChoice }) => call('resolveEditConflict', answer),
  });
}
