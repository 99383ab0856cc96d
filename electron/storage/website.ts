/**
 * A container's static website and CORS settings in the main process: all
 * are container metadata (see shared/website.ts for what Swift does with
 * each), so a change is one metadata POST, which Swift merges with the keys
 * already there, checked against the region's metadata limits first.
 */
import type { Container } from '../../shared/domain';
import { websiteMetadataChange, type WebsiteChange } from '../../shared/website';
import { changeContainerMetadata, getContainer } from './containers';
import type { StorageSession } from './session';

/** Sets and removes what the change names in one POST, and answers with the container as Swift now has it. */
export async function setContainerWebsite(
  session: StorageSession,
  region: string,
  container: string,
  change: WebsiteChange,
  signal?: AbortSignal,
): Promise<Container> {
  await changeContainerMetadata(session, region, container, websiteMetadataChange(change), signal);
  return getContainer(session, region, container, signal);
}
