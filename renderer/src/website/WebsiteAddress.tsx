import type { Container } from '../../../shared/domain';
import { PublicUrlField } from '../ui/PublicUrlField';
import { publicContainerUrl } from '../ui/publicUrl';
import { useSession } from '../cache/queries';

/**
 * Where the site is and whether a visitor can see it. staticweb serves only
 * requests without a token, and only where the read ACL lets them in
 * (verified on the harness): a private container answers 401, and with
 * `.r:*` but no `.rlistings` the site's root and folders without an index
 * answer 401 too, since Swift checks those as a listing. The switch that
 * fixes it lives in the Access section; this only points there.
 */
export function WebsiteAddress({ region, container }: { region: string; container: Container }) {
  const session = useSession();
  const endpoint = session.data?.regions.find((r) => r.name === region)?.endpoint;
  return (
    <div className="website-address">
      {endpoint !== undefined && (
        <PublicUrlField url={publicContainerUrl(endpoint, container.name)} label="Site address" />
      )}
      <p className={container.anybodyRead && container.readAcl.listings ? 'muted' : 'website-warning'}>
        {!container.anybodyRead
          ? 'Not public: visitors without a token get 401 Unauthorized. Turn on Public read in the Access section to publish the site.'
          : !container.readAcl.listings
            ? 'Objects are public but listing is not, so the site’s root and folders without an index page answer 401. Let readers list the objects in the Access section.'
            : 'Public: anyone can open this address without signing in. Signed-in requests, such as Cirrus’s own, get Swift’s plain answers, not the site.'}
      </p>
    </div>
  );
}
