/**
 * The window's long work, at the bottom: each transfer's progress, its
 * Pause, Resume, Cancel or Retry, and how it ended — for an extraction, the files created
 * and every member Swift refused, with its status.
 */
import { useMemo } from 'react';
import type { ExtractResult } from '../../../shared/domain';
import { EditingRows } from '../editing/EditingRows';
import { useEditingEvents, useEditingList } from '../editing/queries';
import { formatCountOf } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';
import { useRowVirtualizer } from '../ui/useRowVirtualizer';
import { BandwidthNote } from './BandwidthNote';
import { useTransferList, useTransfers } from './TransfersProvider';
import { overallText, percentOf, stateText } from './transferText';
import type { Transfer } from './types';
import './transfers.css';

const ITEM_ESTIMATE = 52;
const ERROR_ROW = 20;

export function TransfersPanel() {
  const { cancel, pause, resume, retry, clearFinished } = useTransfers();
  const started = useTransferList();
  // The newest first: what the person just started is what they look for.
  const transfers = useMemo(() => [...started].reverse(), [started]);
  // The objects being edited in place are listed above the transfers; their saves are followed from here.
  useEditingEvents();
  const edits = useEditingList();
  const { scrollerRef, virtualizer, items } = useRowVirtualizer({
    rows: transfers,
    keyField: 'id',
    rowHeight: ITEM_ESTIMATE,
    overscan: 4,
  });

  if (transfers.length === 0 && edits.length === 0) return null;
  const running = transfers.filter((t) => t.state === 'running').length;
  const paused = transfers.filter((t) => t.state === 'paused').length;
  const finished = transfers.length - running - paused;

  return (
    <section className="transfers-panel" role="region" aria-label="Transfers">
      <header className="transfers-header">
        <h2 className="transfers-title">Transfers</h2>
        <span className="muted" role="status">
          {running > 0
            ? (overallText(transfers) ?? `${formatCountOf(running, 'running', 'running')}`)
            : paused > 0
              ? `${formatCountOf(paused, 'paused', 'paused')}`
              : transfers.length > 0
                ? 'All finished'
                : `Editing ${formatCountOf(edits.length, 'object')}`}
        </span>
        <BandwidthNote />
        <button type="button" className="transfers-clear" onClick={clearFinished} disabled={finished === 0}>
          Clear finished
        </button>
      </header>
      <EditingRows edits={edits} />
      {/* Focusable, so a keyboard user can scroll a list longer than the panel (axe: scrollable-region-focusable). */}
      <div ref={scrollerRef} className="transfers-scroller" tabIndex={0}>
        <div
          role="list"
          aria-label="Transfer list"
          className="transfers-list"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const transfer = transfers[item.index];
            if (!transfer) return null;
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                className="transfer-slot"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <TransferItem
                  transfer={transfer}
                  onCancel={() => cancel(transfer.id)}
                  onPause={() => pause(transfer.id)}
                  onResume={() => void resume(transfer.id)}
                  onRetry={() => void retry(transfer.id)}
                />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

/** Uploads and downloads keep what they did when paused; the other kinds of work can only stop. */
const pausable = (t: Transfer) => t.request.kind === 'upload' || t.request.kind === 'download';

function TransferItem({
  transfer,
  onCancel,
  onPause,
  onResume,
  onRetry,
}: {
  transfer: Transfer;
  onCancel: () => void;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
}) {
  const percent = percentOf(transfer);
  const { state, resumable } = transfer;
  return (
    <div role="listitem" aria-label={transfer.label} className={`transfer transfer-${transfer.state}`}>
      <div className="transfer-line">
        <UntrustedName name={transfer.label} className="transfer-label" />
        <span className="transfer-state">{stateText(transfer)}</span>
        {state === 'running' && pausable(transfer) && (
          <button type="button" className="transfer-action" onClick={onPause}>
            Pause
          </button>
        )}
        {(state === 'paused' || (state === 'failed' && resumable)) && (
          <button type="button" className="transfer-action" onClick={onResume}>
            Resume
          </button>
        )}
        {(state === 'running' || state === 'paused') && (
          <button type="button" className="transfer-action" onClick={onCancel}>
            Cancel
          </button>
        )}
        {state === 'failed' && resumable && (
          <button type="button" className="transfer-action" onClick={onCancel}>
            Discard
          </button>
        )}
        {((state === 'failed' && !resumable) || state === 'cancelled') && (
          <button type="button" className="transfer-action" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`Progress of ${transfer.label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="transfer-bar"
      >
        <div className="transfer-bar-fill" style={{ width: `${percent ?? 0}%` }} />
      </div>
      {transfer.state === 'failed' && transfer.error?.requestId && (
        <p className="transfer-detail">
          Request ID: <code>{transfer.error.requestId}</code>
        </p>
      )}
      {transfer.extract && <ExtractOutcome result={transfer.extract} />}
    </div>
  );
}

function ExtractOutcome({ result }: { result: ExtractResult }) {
  return (
    <div className="transfer-detail">
      <p>
        Created {formatCountOf(result.created, 'file')}
        {result.errors.length > 0 && `; ${formatCountOf(result.errors.length, 'file')} failed:`}
      </p>
      {result.errors.length > 0 && <ExtractErrors errors={result.errors} />}
    </div>
  );
}

/** Swift reports up to 1,000 failed members: a list of its own, virtualized too. */
function ExtractErrors({ errors }: { errors: ExtractResult['errors'] }) {
  const { scrollerRef, virtualizer, items } = useRowVirtualizer({ rows: errors, rowHeight: ERROR_ROW, overscan: 8 });
  return (
    <div ref={scrollerRef} className="extract-errors" style={{ height: Math.min(errors.length, 4) * ERROR_ROW + 2 }}>
      <ul aria-label="Failed files" className="extract-errors-list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const error = errors[item.index];
          if (!error) return null;
          return (
            <li
              key={item.key}
              className="extract-error"
              style={{ height: ERROR_ROW, transform: `translateY(${item.start}px)` }}
            >
              <span className="extract-error-status">{error.status}</span>
              <UntrustedName name={error.path} className="extract-error-path" />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
