import { ErrorMessage } from '../ui/ErrorMessage';
import { DetailsSection } from '../ui/DetailsSection';
import { MetadataEditor } from '../metadata/MetadataEditor';
import { useAccount } from '../cache/queries';
import { SessionLinks } from '../temp-urls/SessionLinks';
import { TempUrlKeys } from '../temp-urls/TempUrlKeys';

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
          {/* The figures are in the account overview beside (AccountSummary); here, what can be edited. */}
          <DetailsSection title="Metadata">
            {data ? (
              <MetadataEditor region={region} target={TARGET} label="Account" metadata={data.metadata} />
            ) : (
              <p className="muted">Loading…</p>
            )}
          </DetailsSection>
          <DetailsSection title="Temporary URL keys">
            {data ? (
              <TempUrlKeys region={region} scope={TARGET} whose="the account" keys={data.tempUrlKeys} />
            ) : (
              <p className="muted">Loading…</p>
            )}
          </DetailsSection>
          <DetailsSection title="Links made in this session">
            <SessionLinks region={region} />
          </DetailsSection>
        </>
      )}
    </>
  );
}
