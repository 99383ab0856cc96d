import type { ObjectInfo } from '../../../shared/domain';
import type { ObjectHeaders } from '../../../shared/object-headers';
import type { MetadataChange, MetadataTarget } from '../../../shared/metadata-change';
import { changeAccountMetadata } from '../account';
import { changeContainerMetadata } from '../containers';
import { changeObjectMetadata } from './objects';
import { reservedKeyProblems } from '../../../shared/temp-url';
import { SerialQueue } from '../serial-queue';
import type { StorageSession } from '../session';
import { assertNoProblems } from '../validate';

const queues = new WeakMap<StorageSession, SerialQueue>();

/** One queue key per target, built field by field so the same target always gives the same key. */
function keyOf(region: string, target: MetadataTarget): string {
  switch (target.kind) {
    case 'account':
      return JSON.stringify([region]);
    case 'container':
      return JSON.stringify([region, target.container]);
    case 'object':
      return JSON.stringify([region, target.container, target.name]);
  }
}

function queueOf(session: StorageSession): SerialQueue {
  let queue = queues.get(session);
  if (!queue) queues.set(session, (queue = new SerialQueue()));
  return queue;
}

/**
 * Sets and removes metadata keys of an account, a container or an object in
 * one POST (an object's also costs one HEAD: its POST replaces the whole set),
 * keeping every key the change does not name. For an object, answers the
 * object as it now stands; for an account or container, null. Saves to one target run one at
 * a time, so a second save waits for the first instead of overwriting it.
 */
export function changeMetadata(
  session: StorageSession,
  region: string,
  target: MetadataTarget,
  change: MetadataChange,
  signal?: AbortSignal,
): Promise<ObjectInfo | null> {
  return queueOf(session).run(keyOf(region, target), async () => {
    if (target.kind !== 'object') {
      // The signing keys are changed only through temp-urls/keys.ts, and shown only masked.
      const named = [...Object.keys(change.set ?? {}), ...(change.remove ?? [])];
      const problems = reservedKeyProblems(named).map((message) => ({ field: 'key', message }));
      assertNoProblems(problems, `Cannot change the ${target.kind} metadata`);
    }
    switch (target.kind) {
      // An account or container POST merges, so the whole set is not known here: the caller has its own view.
      case 'account':
        return changeAccountMetadata(session, region, change, signal).then(() => null);
      case 'container':
        return changeContainerMetadata(session, region, target.container, change, signal).then(() => null);
      case 'object':
        return changeObjectMetadata(session, region, target.container, target.name, change, signal);
    }
  });
}

/**
 * Sets or clears (null) when Swift deletes an object, keeping its metadata and
 * the other headers a POST would drop: the same HEAD and POST as a metadata
 * change, in the same queue, so the two never overwrite each other.
 */
export function setObjectExpiry(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  deleteAt: number | null,
  signal?: AbortSignal,
): Promise<ObjectInfo> {
  return queueOf(session).run(keyOf(region, { kind: 'object', container, name }), () =>
    changeObjectMetadata(session, region, container, name, {}, signal, { deleteAt }),
  );
}

/**
 * Sets the object's editable headers ('' removes one), keeping its metadata,
 * expiry and every other header a POST would drop; in the metadata queue.
 */
export function setObjectHeaders(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  headers: ObjectHeaders,
  signal?: AbortSignal,
): Promise<ObjectInfo> {
  return queueOf(session).run(keyOf(region, { kind: 'object', container, name }), () =>
    changeObjectMetadata(session, region, container, name, {}, signal, { headers }),
  );
}

/**
 * Runs `work` on an account's or a container's metadata in the queue its
 * metadata saves use (the temporary URL keys are metadata too): a key change
 * and a metadata save on the same target never cross.
 */
export function queuedOnTarget<T>(
  session: StorageSession,
  region: string,
  target: MetadataTarget,
  work: () => Promise<T>,
): Promise<T> {
  return queueOf(session).run(keyOf(region, target), work);
}
