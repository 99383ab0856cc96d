// Large objects: finding them among a selection, deleting them with their segments, verifying one against a file.
import type { Responses } from '../../../shared/contract/large-objects';
import { deleteObjectsWithSegments, largeObjectsAmong, verifyObjectAgainstFile } from '../../storage/segments';
import { requireSession as s, type Ops } from '../main-state';
import { progressOf } from '../progress';

export const operations: Ops<keyof Responses> = {
  largeObjectsAmong: (r, state, signal) => largeObjectsAmong(s(state), r.region, r.container, r.names, signal),
  deleteObjects: (r, state, signal) =>
    deleteObjectsWithSegments(s(state), r.region, r.container, r.names, r.large, signal),
  // The local path comes from the untrusted renderer: it must be a file the person chose (path-grants.ts).
  verifyObject: ({ operationId, region, filePath, ...target }, state) =>
    state.running.run(operationId, async (signal) => {
      const session = s(state);
      const real = await state.grants.requireFile(filePath);
      return verifyObjectAgainstFile(
        session,
        region,
        { ...target, filePath: real },
        progressOf(state, operationId),
        signal,
      );
    }),
};
