import { useState } from 'react';
import { TempLinkDialog } from './TempLinkDialog';
import type { LinkTarget } from './tempLinks';

interface Props {
  region: string;
  container: string;
  target: LinkTarget;
}

/** "Temporary link…" and the dialog it opens, for the object, folder or container the details show. */
export function TempLinkButton({ region, container, target }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className="meta-actions">
      <button type="button" onClick={() => setOpen(true)}>
        Temporary link…
      </button>
      {open && <TempLinkDialog region={region} container={container} target={target} onClose={() => setOpen(false)} />}
    </div>
  );
}
