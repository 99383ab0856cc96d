import { useId, useState } from 'react';
import type { Container } from '../../../shared/domain';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { visibleName } from '../ui/untrustedText';
import { PublicUrlField } from '../ui/PublicUrlField';
import { publicContainerUrl } from '../ui/publicUrl';
import { useSession } from '../cache/queries';
import { useSetPublicRead } from './queries';

interface Props {
  region: string;
  container: Container;
}

/**
 * The container's public-read switch (`X-Container-Read: .r:*,.rlistings`).
 * The main process keeps any other read grants when it turns this on or off.
 */
export function PublicReadSwitch({ region, container }: Props) {
  const id = useId();
  const toggle = useSetPublicRead(region, container.name);
  const session = useSession();
  // Says "private again" only right after the person turned it off here.
  const [turnedOff, setTurnedOff] = useState(false);
  const endpoint = session.data?.regions.find((r) => r.name === region)?.endpoint;
  const on = container.anybodyRead;
  const url = endpoint === undefined ? undefined : publicContainerUrl(endpoint, container.name);

  // Turning it on is asked once, in words; turning it off (back to private) is not.
  const [asking, setAsking] = useState(false);
  function flip() {
    if (!on && !asking) {
      setAsking(true);
      return;
    }
    setAsking(false);
    const next = !on;
    toggle.mutate(next, { onSuccess: (updated) => setTurnedOff(!updated.anybodyRead) });
  }

  return (
    <section className="public-read" aria-label="Public access">
      <div className="public-read-line">
        <label htmlFor={`${id}-switch`} className="public-read-label">
          Public read
        </label>
        <button
          id={`${id}-switch`}
          type="button"
          role="switch"
          aria-checked={on}
          aria-describedby={`${id}-explain`}
          className="switch"
          disabled={toggle.isPending}
          onClick={flip}
        >
          <span className="switch-thumb" aria-hidden="true" />
        </button>
        <span className="muted public-read-state" aria-hidden="true">
          {toggle.isPending ? (toggle.variables ? 'Turning on…' : 'Turning off…') : on ? 'On' : 'Off'}
        </span>
      </div>
      <p id={`${id}-explain`} className="public-read-explain muted">
        Anyone with the link can read objects and list this container, without signing in.
      </p>
      <div role="status" className="public-read-status">
        {on ? (
          <>
            <p>
              {container.readAcl.listings
                ? 'This container is public.'
                : 'Objects are public; listing the container is still private.'}
            </p>
            {url && <PublicUrlField url={url} />}
          </>
        ) : (
          <p>
            {turnedOff ? 'Private again: ' : 'Private: '}
            only this account and those it grants access can read it.
          </p>
        )}
      </div>
      {asking && (
        <Dialog
          role="alertdialog"
          title={`Make “${visibleName(container.name)}” public?`}
          onSubmit={flip}
          onClose={() => setAsking(false)}
          actions={<DialogButtons action="Make public" onCancel={() => setAsking(false)} focusAction />}
        >
          <p>
            Anyone who has the address can then list this container and read every object in it, without signing in.
            Nothing asks them who they are.
          </p>
        </Dialog>
      )}
      {toggle.isError && (
        <ErrorMessage
          title={toggle.variables ? 'Could not make the container public.' : 'Could not make the container private.'}
          error={toggle.error}
          onRetry={flip}
        />
      )}
    </section>
  );
}
