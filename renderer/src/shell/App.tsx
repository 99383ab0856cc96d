import { ActivityButton, ActivityProvider } from '../activity/ActivityProvider';
import { Browser } from './Browser';
import { ConnectionsScreen } from '../profiles/ConnectionsScreen';
import { useSession } from '../cache/queries';
import { ErrorMessage } from '../ui/ErrorMessage';
import { TransferSettingsButton, TransferSettingsProvider } from '../settings/TransferSettingsProvider';

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
      <ActivityProvider>
        {session.data ? (
          <Browser session={session.data} />
        ) : (
          <ConnectionsScreen
            titleBar={
              <>
                <ActivityButton />
                <TransferSettingsButton />
              </>
            }
          />
        )}
      </ActivityProvider>
    </TransferSettingsProvider>
  );
}
