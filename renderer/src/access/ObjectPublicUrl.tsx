import { publicObjectUrl } from '../ui/publicUrl';
import { PublicUrlField } from '../ui/PublicUrlField';
import { useContainerFigures, useSession } from '../cache/queries';

/** When the object's container is public, the address anyone can open it at (see PublicReadSwitch). */
export function ObjectPublicUrl({ region, container, name }: { region: string; container: string; name: string }) {
  const holder = useContainerFigures(region, container);
  const session = useSession();
  const endpoint = session.data?.regions.find((r) => r.name === region)?.endpoint;
  if (!holder.data?.anybodyRead || endpoint === undefined) return null;
  return (
    <section className="public-read" aria-label="Public access">
      <p className="muted">The container is public: anyone with this address can read the object without signing in.</p>
      <PublicUrlField url={publicObjectUrl(endpoint, container, name)} />
    </section>
  );
}
