/** The details panel's server state: what it reads, and the changes it saves. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Metadata } from '../../../shared/domain';
import { call } from '../api';
import { accountKey, containerKey, limitsKey, objectKey, objectsKey, sessionKey } from '../queryKeys';
import type { SaveStep } from './metadataDraft';

/** What a metadata editor edits. */
export type MetadataTarget =
  { kind: 'account' } | { kind: 'container'; container: string } | { kind: 'object'; container: string; name: string };

/** The signed-in session (for each region's endpoint); the same cache entry the app's own hook reads. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: () => call('getSession', {}),
    staleTime: Infinity,
  });
}

export function useLimits(region: string) {
  return useQuery({
    queryKey: limitsKey(region),
    queryFn: ({ signal }) => call('getLimits', { region }, signal),
    // A region's /info does not change while the app runs.
    staleTime: Infinity,
  });
}

export function useAccount(region: string) {
  return useQuery({
    queryKey: accountKey(region),
    queryFn: ({ signal }) => call('getAccount', { region }, signal),
  });
}

export function useContainer(region: string, container: string) {
  return useQuery({
    queryKey: containerKey(region, container),
    queryFn: ({ signal }) => call('getContainer', { region, container }, signal),
  });
}

export function useObject(region: string, container: string, name: string) {
  return useQuery({
    queryKey: objectKey(region, container, name),
    queryFn: ({ signal }) => call('headObject', { region, container, name }, signal),
  });
}

export function targetKey(region: string, target: MetadataTarget) {
  switch (target.kind) {
    case 'account':
      return accountKey(region);
    case 'container':
      return containerKey(region, target.container);
    case 'object':
      return objectKey(region, target.container, target.name);
  }
}

async function runStep(region: string, target: MetadataTarget, step: SaveStep): Promise<void> {
  if (target.kind === 'account') {
    if (step.op === 'update') await call('updateAccountMetadata', { region, metadata: step.metadata });
    else await call('deleteAccountMetadata', { region, keys: step.keys });
  } else if (target.kind === 'container') {
    const { container } = target;
    if (step.op === 'update') await call('updateContainerMetadata', { region, container, metadata: step.metadata });
    else await call('deleteContainerMetadata', { region, container, keys: step.keys });
  } else {
    // The main process merges these with the object's current set: untouched keys stay.
    const { container, name } = target;
    if (step.op === 'update') await call('updateObjectMetadata', { region, container, name, metadata: step.metadata });
    else await call('deleteObjectMetadata', { region, container, name, keys: step.keys });
  }
}

export interface SaveRequest {
  steps: SaveStep[];
  /** The set as it will stand, shown at once while the fresh answer loads. */
  after: Metadata;
}

/**
 * Saves one metadata change as its steps, in order. Metadata changes no
 * counter, so only the edited account, container or object is read again —
 * also after a failure, since an earlier step may have gone through.
 */
export function useSaveMetadata(region: string, target: MetadataTarget) {
  const client = useQueryClient();
  const queryKey = targetKey(region, target);
  return useMutation({
    mutationFn: async ({ steps }: SaveRequest) => {
      for (const step of steps) await runStep(region, target, step);
    },
    onSuccess: (_done, { after }) => {
      client.setQueryData<{ metadata: Metadata }>(queryKey, (old) => old && { ...old, metadata: after });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey, exact: true });
      // Swift gives an object a new last-modified time on every metadata POST, listing included.
      if (target.kind === 'object') {
        await client.invalidateQueries({ queryKey: listingLevelKey(region, target.container, target.name) });
      }
    },
  });
}

/**
 * The listings of the folder level that shows an object, whatever their
 * delimiter: `objectsKey` without its last element, so a prefix match.
 */
function listingLevelKey(region: string, container: string, name: string) {
  const parent = name.slice(0, name.lastIndexOf('/') + 1);
  return objectsKey(region, container, parent, '').slice(0, -1);
}

/** Turns public read on or off; the answer is the container as it now stands. */
export function useSetPublicRead(region: string, container: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call('setPublicRead', { region, container, on }),
    onSuccess: (updated) => client.setQueryData(containerKey(region, container), updated),
  });
}
