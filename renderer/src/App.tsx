import { Browser } from './Browser';
import { ConnectionsScreen } from './connections/ConnectionsScreen';
import { useSession } from './connections/queries';
import { ErrorMessage } from './ErrorMessage';
import { TransferSettingsProvider } from './settings/TransferSettingsProvider';

/** The session decides the screen: the saved connections (and quick sign-in) or the storage browser. */
export function App() {
  const session = useSession();

  if (session.isPending) {
    return (
      <div className="splash" role="status">
        Loading…
      </div>
    );
  }
  if (session.isError) {
    return (
      <div className="splash">
        <ErrorMessage
          title="Cirrus could not read the session."
          error={session.error}
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </div>
    );
  }
  return (
    <TransferSettingsProvider>
      {session.data ? <Browser session={session.data} /> : <ConnectionsScreen />}
    </TransferSettingsProvider>
  );
}
