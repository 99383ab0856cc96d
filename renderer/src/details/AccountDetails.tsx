import { ErrorMessage } from '../ErrorMessage';
import { formatBytes, formatCount, formatExactBytes } from '../format';
import { DetailsSection } from './DetailsSection';
import { Facts } from './Facts';
import { MetadataEditor } from './MetadataEditor';
import { useAccount } from './queries';

const TARGET = { kind: 'account' } as const;

export function AccountDetails({ region }: { region: string }) {
  const account = useAccount(region);
  const data = account.data;
  return (
    <>
      <p className="details-kind">Account</p>
      <h3 className="details-title">{region}</h3>
      {account.isError && !data ? (
        <ErrorMessage
          title="Could not read the account."
          error={account.error}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      ) : (
        <>
          <Facts
            facts={[
              { label: 'Containers', value: data && formatCount(data.containerCount) },
              { label: 'Objects', value: data && formatCount(data.objectCount) },
              {
                label: 'Bytes used',
                value: data && formatBytes(data.bytesUsed),
                title: data && formatExactBytes(data.bytesUsed),
              },
            ]}
          />
          <DetailsSection title="Metadata">
            {data ? (
              <MetadataEditor region={region} target={TARGET} label="Account" metadata={data.metadata} />
            ) : (
              <p className="muted">Loading…</p>
            )}
          </DetailsSection>
        </>
      )}
    </>
  );
}
