import { useId, useState } from 'react';
import type { TreeNode } from './treeRows';

/**
 * For an account the person may not list (Swift answers 403 to a user who
 * only has container ACLs): the containers they were granted still open, by
 * name, as `swift list <container>` would.
 */
export function OpenByName({ onOpen }: { onOpen: (node: TreeNode) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const container = name.trim();
  return (
    <form
      className="open-by-name"
      aria-label="Open a container by name"
      onSubmit={(event) => {
        event.preventDefault();
        if (container && !container.includes('/')) onOpen({ container, prefix: '' });
      }}
    >
      <label htmlFor={id}>Open a container you were given access to</label>
      <div className="open-by-name-line">
        <input
          id={id}
          spellCheck={false}
          autoComplete="off"
          placeholder="container name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" disabled={!container || container.includes('/')}>
          Open
        </button>
      </div>
    </form>
  );
}
