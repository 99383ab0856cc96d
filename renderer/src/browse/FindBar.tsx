import { useId, useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatCount } from '../ui/format';
import type { FindState } from './useFindObjects';

interface Props {
  state: FindState;
  onFind: (text: string) => void;
  onStop: () => void;
  onClear: () => void;
}

/** The search box of the objects pane: names containing a text, anywhere in the container. */
export function FindBar({ state, onFind, onStop, onClear }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const matches = state.pages.reduce((n, page) => n + page.names.length, 0);
  return (
    <div className="find-bar">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) onFind(text.trim());
        }}
      >
        <input
          id={id}
          aria-label="Find objects whose names contain"
          type="search"
          placeholder="Find in this container…"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value === '') onClear();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && text) {
              e.preventDefault();
              setText('');
              onClear();
            }
          }}
        />
      </form>
      {state.text && (
        <span role="status" className="muted find-status">
          {formatCount(matches)} {matches === 1 ? 'match' : 'matches'} for “{state.text}”
          {state.running
            ? ` · read ${formatCount(state.scanned)}${state.total !== undefined ? ` of ${formatCount(state.total)}` : ''} names…`
            : ` in ${formatCount(state.scanned)} names`}
        </span>
      )}
      {state.running && (
        <button type="button" onClick={onStop}>
          Stop
        </button>
      )}
      {state.error !== null && <ErrorMessage title="The search stopped." error={state.error} />}
    </div>
  );
}
