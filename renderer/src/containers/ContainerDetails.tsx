import { Fragment } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCount, formatExactBytes } from '../ui/format';
import { DetailsSection } from '../ui/DetailsSection';
import { AccessEditor } from '../access/AccessEditor';
import { ContainerQuota } from '../quotas/ContainerQuota';
import { ContainerVersioning } from '../versions/ContainerVersioning';
import { ContainerWebsite } from '../website/ContainerWebsite';
import { Facts } from '../ui/Facts';
import { MetadataEditor } from '../metadata/MetadataEditor';
import { PublicReadSwitch } from '../access/PublicReadSwitch';
import { SessionLinks } from '../temp-urls/SessionLinks';
import { TempLinkButton } from '../temp-urls/TempLinkButton';
import { TempUrlKeys } from '../temp-urls/TempUrlKeys';
import { useListedFigures } from './useListedFigures';
import { visibleName } from '../ui/untrustedText';

/** An ACL as Swift holds it, allowed to wrap after each comma-separated grant. */
function acl(value: string) {
  if (!value) return <span className="muted">none</span>;
  return value.split(',').map((grant, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          ,<wbr />
        </>
      )}
      {grant}
    </Fragment>
  ));
}

export function ContainerDetails({ region, container }: { region: string; container: string }) {
  const query = useListedFigures(region, container);
  const data = query.data;
  return (
    <>
      <p className="details-kind">Container</p>
      <h3 className="details-title" title={container}>
        {container}
      </h3>
      {query.isError && !data ? (
        <ErrorMessage
          title={`Could not read the container “${container}”.`}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <Facts
            facts={[
              { label: 'Objects', value: data && formatCount(data.objectCount) },
              {
                label: 'Bytes used',
                value: data && formatBytes(data.bytesUsed),
                title: data && formatExactBytes(data.bytesUsed),
              },
              // From the container's HEAD; the tree's rows come from the account listing, which has no policy.
              {
                label: 'Storage policy',
                value: data && (data.storagePolicy ?? <span className="muted">not reported</span>),
              },
              { label: 'Read ACL', value: data && <code>{acl(data.read)}</code> },
              { label: 'Write ACL', value: data && <code>{acl(data.write)}</code> },
            ]}
          />
          {data && (
            <DetailsSection title="Access">
              <PublicReadSwitch region={region} container={data} />
              <AccessEditor region={region} container={data} />
            </DetailsSection>
          )}
          {data && (
            <DetailsSection title="Website">
              <ContainerWebsite region={region} container={data} />
            </DetailsSection>
          )}
          {data && (
            <DetailsSection title="Versions">
              {/* Keyed by the mode Swift holds, so the legacy form starts from it after every change. */}
              <ContainerVersioning
                key={`${data.versioning.legacy?.mode}:${data.versioning.legacy?.location}`}
                region={region}
                container={data}
              />
            </DetailsSection>
          )}
          {data && (
            <DetailsSection title="Quota">
              {/* Keyed by the limits Swift holds, so the fields start from them after every change. */}
              <ContainerQuota
                key={`${data.metadata['quota-bytes']}:${data.metadata['quota-count']}`}
                region={region}
                container={data}
              />
            </DetailsSection>
          )}
          <DetailsSection title="Metadata">
            {data ? (
              <MetadataEditor
                region={region}
                target={{ kind: 'container', container }}
                label="Container"
                metadata={data.metadata}
              />
            ) : (
              <p className="muted">Loading…</p>
            )}
          </DetailsSection>
          {data && (
            <DetailsSection title="Temporary URL keys">
              <TempUrlKeys
                region={region}
                scope={{ kind: 'container', container }}
                whose={`the container “${visibleName(container)}”`}
                keys={data.tempUrlKeys}
              />
            </DetailsSection>
          )}
          <DetailsSection title="Links made in this session">
            <TempLinkButton region={region} container={container} target={{ kind: 'prefix', prefix: '' }} />
            <SessionLinks region={region} container={container} />
          </DetailsSection>
        </>
      )}
    </>
  );
}
