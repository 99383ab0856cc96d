import type { ReactNode } from 'react';
import { TransfersPanel } from './TransfersPanel';

/** The window's content with the transfers panel below it, taking room only while there are transfers. */
export function WithTransfersPanel({ children }: { children: ReactNode }) {
  return (
    <div className="with-transfers">
      <div className="with-transfers-main">{children}</div>
      <TransfersPanel />
    </div>
  );
}
