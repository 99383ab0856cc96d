import { ApiError, errorMessage } from '../api';

interface Props {
  error: unknown;
  /** Shown before the message, e.g. "Could not load the account." */
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** An error with its request id (for the operator) and an optional Retry. */
export function ErrorMessage({ error, title, onRetry, retrying = false, className }: Props) {
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return (
    <div role="alert" className={['error', className].filter(Boolean).join(' ')}>
      {title && <p className="error-title">{title}</p>}
      <p className="error-message">{errorMessage(error)}</p>
      {requestId && (
        <p className="error-request-id">
          Request ID: <code>{requestId}</code>
        </p>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </div>
  );
}
