import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './tokens.css';
import './base.css';
import './controls.css';
import './layout.css';
import { App } from './shell/App';
import { createQueryClient } from './cache/queryClient';
import { ArchiveDropProvider } from './transfers/ArchiveDropContext';
import { TransfersProvider } from './transfers/TransfersProvider';
import { WithTransfersPanel } from './transfers/WithTransfersPanel';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <TransfersProvider>
        <ArchiveDropProvider>
          <WithTransfersPanel>
            <App />
          </WithTransfersPanel>
        </ArchiveDropProvider>
      </TransfersProvider>
    </QueryClientProvider>
  </StrictMode>,
);
