import { useState } from 'react';
import type { ObjectInfo } from '../../../shared/domain';
import { dateInputValue, deleteAtOf, untilText, type ExpiryChoice } from '../../../shared/expiry';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatDateTime } from '../ui/format';
import { ExpiryPicker } from '../ui/ExpiryPicker';
import { useNow } from '../ui/useNow';
import { useSetObjectExpiry } from './queries';

/** The picker's starting point: the object's own expiry as a date, or none. */
const choiceOf = (deleteAt: string | undefined): ExpiryChoice =>
  deleteAt ? { kind: 'date', date: dateInputValue(Date.parse(deleteAt) / 1000) } : { kind: 'never' };

/**
 * When Swift deletes the object (its X-Delete-At), said as a date and how far
 * off it is; changed "in N days" or to a date, or removed. Its metadata and
 * other headers stay (the main process sends them with the change).
 */
export function ObjectExpiry({ region, object }: { region: string; object: ObjectInfo }) {
  const save = useSetObjectExpiry(region, object.container, object.name);
  const now = useNow();
  const [choice, setChoice] = useState<ExpiryChoice>(() => choiceOf(object.deleteAt));
  // Only a choice the person made is saved: the date shown for the current expiry drops its seconds.
  const [edited, setEdited] = useState(false);
  const [said, setSaid] = useState('');
  const deleteAt = deleteAtOf(choice, now);
  const canSave = edited && deleteAt !== undefined && !(deleteAt === null && !object.deleteAt) && !save.isPending;

  function store(next: number | null) {
    setSaid('');
    save.mutate(next, {
      onSuccess: (stored) => {
        setChoice(choiceOf(stored.deleteAt));
        setEdited(false);
        setSaid(stored.deleteAt ? 'Expiry saved.' : 'Expiry removed: the object is kept.');
      },
    });
  }

  return (
    <div className="object-expiry">
      <p className="object-expiry-state">
        {object.deleteAt ? (
          <>
            Swift deletes this object on <time dateTime={object.deleteAt}>{formatDateTime(object.deleteAt)}</time> (
            {untilText(Date.parse(object.deleteAt), now)}).
          </>
        ) : (
          'This object does not expire.'
        )}
      </p>
      <ExpiryPicker
        legend="Delete automatically"
        neverLabel="Never (keep it)"
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setEdited(true);
          setSaid('');
        }}
        now={now}
        disabled={save.isPending}
      />
      <div className="meta-actions">
        <p role="status" className="meta-status muted">
          {said}
        </p>
        {object.deleteAt && (
          <button type="button" onClick={() => store(null)} disabled={save.isPending}>
            Remove expiry
          </button>
        )}
        <button
          type="button"
          className="primary"
          disabled={!canSave}
          onClick={() => {
            // Counted from the click, not from the clock's last tick (it ticks every 30 s): "in 2 days" is 2 days.
            const at = deleteAtOf(choice, Date.now());
            if (at !== undefined) store(at);
          }}
        >
          {save.isPending ? 'Saving…' : 'Save expiry'}
        </button>
      </div>
      {save.isError && <ErrorMessage title="Could not change the expiry." error={save.error} />}
    </div>
  );
}
