import { useState } from 'react';
import type { TempUrlKeys as Keys } from '../../../shared/domain';
import type { TempUrlSlot } from '../../../shared/temp-url';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { useRotateTempUrlKeys, useSetTempUrlKey, type TempUrlScope } from './queries';
import { TempUrlKeyDialog } from './TempUrlKeyDialog';

interface Props {
  region: string;
  scope: TempUrlScope;
  /** "the account" or "the container “photos”". */
  whose: string;
  keys: Keys;
}

type Asking = { kind: 'set' | 'remove'; slot: TempUrlSlot } | { kind: 'rotate' } | null;

const SLOTS: readonly TempUrlSlot[] = [1, 2];
const slotValue = (keys: Keys, slot: TempUrlSlot) => (slot === 1 ? keys.first : keys.second);

/**
 * The two signing keys of the account or a container (Temp-URL-Key and
 * Temp-URL-Key-2), masked as the main process sends them. Swift accepts a link
 * signed with either, which is what makes rotating painless: the new key goes
 * in the first slot and the old one waits in the second while its links live.
 */
export function TempUrlKeys({ region, scope, whose, keys }: Props) {
  const [asking, setAsking] = useState<Asking>(null);
  const remove = useSetTempUrlKey(region, scope);
  const rotate = useRotateTempUrlKeys(region, scope);
  const close = () => setAsking(null);
  const busy = remove.isPending || rotate.isPending;

  return (
    <div className="temp-url-keys">
      <dl className="facts details-facts">
        {SLOTS.map((slot) => {
          const value = slotValue(keys, slot);
          return (
            <div key={slot} className="details-fact">
              <dt>Key {slot}</dt>
              <dd className="temp-url-key-line">
                {value ? <code>{value}</code> : <span className="muted">not set</span>}
                <span className="temp-url-key-buttons">
                  <button
                    type="button"
                    aria-label={`Set key ${slot}…`}
                    onClick={() => setAsking({ kind: 'set', slot })}
                  >
                    Set…
                  </button>
                  {value && (
                    <button
                      type="button"
                      aria-label={`Remove key ${slot}…`}
                      disabled={busy}
                      onClick={() => setAsking({ kind: 'remove', slot })}
                    >
                      Remove…
                    </button>
                  )}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="muted public-read-explain">
        Anyone with a link signed by one of these keys can use it until it expires, without signing in.
      </p>
      <div className="meta-actions">
        <button type="button" disabled={busy} onClick={() => setAsking({ kind: 'rotate' })}>
          {rotate.isPending ? 'Rotating…' : 'Rotate keys…'}
        </button>
      </div>
      {asking?.kind === 'set' && (
        <TempUrlKeyDialog region={region} scope={scope} whose={whose} slot={asking.slot} onClose={close} />
      )}
      {asking?.kind === 'remove' && (
        <Dialog
          role="alertdialog"
          title={`Remove key ${asking.slot}?`}
          onSubmit={() => {
            remove.mutate({ slot: asking.slot, key: { kind: 'none' } });
            close();
          }}
          onClose={close}
          actions={<DialogButtons action="Remove key" danger onCancel={close} focusAction />}
        >
          <p>Every link signed with this key of {whose} stops working at once.</p>
        </Dialog>
      )}
      {asking?.kind === 'rotate' && (
        <Dialog
          role="alertdialog"
          title="Rotate the keys?"
          onSubmit={() => {
            rotate.mutate();
            close();
          }}
          onClose={close}
          actions={<DialogButtons action="Rotate" onCancel={close} focusAction />}
        >
          <p>
            A new random key goes in the first slot, and the current first key moves to the second. Links signed with it
            keep working until you rotate again; links signed with the current second key stop working now.
          </p>
        </Dialog>
      )}
      {remove.isError && <ErrorMessage title="Could not remove the key." error={remove.error} />}
      {rotate.isError && <ErrorMessage title="Could not rotate the keys." error={rotate.error} />}
    </div>
  );
}
