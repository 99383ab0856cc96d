import type { ManifestKind } from '../../../shared/domain';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatDateTime, formatExactBytes } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';
import { DetailsSection } from '../ui/DetailsSection';
import { Facts } from '../ui/Facts';
import { MetadataEditor } from '../metadata/MetadataEditor';
import { ObjectExpiry } from '../metadata/ObjectExpiry';
import { ObjectHeadersEditor } from '../metadata/ObjectHeadersEditor';
import { ObjectPublicUrl } from '../access/ObjectPublicUrl';
import { ObjectVersions } from '../versions/ObjectVersions';
import { ObjectVerify } from './ObjectVerify';
import { useContainerFigures } from '../cache/queries';
import { useObject } from './queries';
import { TempLinkButton } from '../temp-urls/TempLinkButton';

const KIND_NAMES: Record<ManifestKind, string> = {
  plain: 'Plain object',
  slo: 'Static large object (SLO)',
  dlo: 'Dynamic large object (DLO)',
  symlink: 'Symlink',
};

/** "text/plain; charset=UTF-8" → "text/plain" and "charset=UTF-8": the type first, its parameters apart. */
const mediaType = (contentType: string) => contentType.split(';')[0]?.trim() ?? '';
const typeParameters = (contentType: string) =>
  contentType
    .split(';')
    .slice(1)
    .map((p) => p.trim())
    .filter(Boolean)
    .join('; ');

interface Props {
  region: string;
  container: string;
  name: string;
}

export function ObjectDetails({ region, container, name }: Props) {
  const query = useObject(region, container, name);
  const data = query.data;
  // Versions are listed where the container keeps them, or kept them once (suspended: they stay).
  const versioning = useContainerFigures(region, container).data?.versioning;
  return (
    <>
      <p className="details-kind">Object in {container}</p>
      <h3 className="details-title" title={name}>
        {name}
      </h3>
      {query.isError && !data ? (
        <ErrorMessage
          title={`Could not read the object “${name}”.`}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <Facts
            facts={[
              {
                label: 'Size',
                value: data && formatBytes(data.bytes),
                title: data && formatExactBytes(data.bytes),
              },
              { label: 'Type', value: data && (mediaType(data.contentType) || <span className="muted">none</span>) },
              ...(data && typeParameters(data.contentType)
                ? [{ label: 'Parameters', value: <code>{typeParameters(data.contentType)}</code> }]
                : []),
              { label: 'Last modified', value: data && formatDateTime(data.lastModified) },
              { label: 'ETag', value: data && <code>{data.etag}</code> },
              { label: 'Kind', value: data && KIND_NAMES[data.manifest] },
              ...(data?.symlinkTarget
                ? [
                    {
                      label: 'Links to',
                      value: <UntrustedName name={`${data.symlinkTarget.container}/${data.symlinkTarget.name}`} />,
                    },
                  ]
                : []),
              {
                label: 'Expires',
                value: data && (data.deleteAt ? formatDateTime(data.deleteAt) : <span className="muted">never</span>),
              },
            ]}
          />
          <ObjectPublicUrl region={region} container={container} name={name} />
          <TempLinkButton region={region} container={container} target={{ kind: 'object', name }} />
          <ObjectVerify key={name} region={region} container={container} name={name} />
          {data && (
            <DetailsSection title="Expiry">
              <ObjectExpiry region={region} object={data} />
            </DetailsSection>
          )}
          {versioning?.enabled !== undefined && (
            <DetailsSection title="Versions">
              <ObjectVersions region={region} container={container} name={name} />
            </DetailsSection>
          )}
          {data && (
            <DetailsSection title="Headers">
              {/* Keyed by the object's contents: a new upload starts the fields again from what Swift holds. */}
              <ObjectHeadersEditor key={data.etag} region={region} object={data} />
            </DetailsSection>
          )}
          <DetailsSection title="Metadata">
            {data ? (
              <MetadataEditor
                region={region}
                target={{ kind: 'object', container, name }}
                label="Object"
                metadata={data.metadata}
              />
            ) : (
              <p className="muted">Loading…</p>
            )}
          </DetailsSection>
        </>
      )}
    </>
  );
}
