// A container's static website and CORS settings.
import type { Responses } from '../../../shared/contract/website';
import { queuedOnTarget } from '../../storage/metadata';
import { setContainerWebsite } from '../../storage/website';
import { requireSession as s, type Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  // The settings are container metadata: the change waits behind any metadata save of the same container.
  setContainerWebsite: ({ region, container, change }, state, signal) =>
    queuedOnTarget(s(state), region, { kind: 'container', container }, () =>
      setContainerWebsite(s(state), region, container, change, signal),
    ),
};
