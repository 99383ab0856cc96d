import { useEffect, useState } from 'react';
import type { VerifyReport } from '../../../shared/domain';
import { call, isApiError, subscribe } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCountOf } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';

let checks = 0;

type State =
  | { step: 'idle' }
  | { step: 'running'; operationId: string; file: string; loaded?: number; total?: number | undefined }
  | { step: 'done'; file: string; report: VerifyReport }
  | { step: 'failed'; error: unknown };

const fileLabel = (filePath: string) => filePath.split(/[\\/]/).pop() ?? filePath;

/**
 * "Verify against a file…": whether a file on this computer holds exactly
 * what the object holds, checked by the main process against Swift's own
 * checksums (segment by segment for a large object) without downloading it.
 */
export function ObjectVerify({ region, container, name }: { region: string; container: string; name: string }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const running = state.step === 'running' ? state.operationId : undefined;

  useEffect(
    () =>
      subscribe('progress', (p) => {
        if (p.operationId !== running) return;
        setState((s) => (s.step === 'running' ? { ...s, loaded: p.loaded, total: p.total } : s));
      }),
    [running],
  );

  async function verify() {
    const [filePath] = await call('chooseFiles', { title: `Choose the local copy of “${name}”` });
    if (!filePath) return;
    const operationId = `verify-${++checks}`;
    setState({ step: 'running', operationId, file: filePath });
    try {
      const report = await call('verifyObject', { operationId, region, container, name, filePath });
      setState({ step: 'done', file: filePath, report });
    } catch (error) {
      setState(isApiError(error, 'cancelled') ? { step: 'idle' } : { step: 'failed', error });
    }
  }

  return (
    <div className="verify">
      <div className="meta-actions">
        {state.step === 'running' ? (
          <button type="button" onClick={() => void call('cancel', { operationId: state.operationId })}>
            Stop checking
          </button>
        ) : (
          <button type="button" onClick={() => void verify()}>
            Verify against a file…
          </button>
        )}
      </div>
      <div role="status" aria-label="Verification">
        {state.step === 'running' && (
          <p>
            Checking <UntrustedName name={fileLabel(state.file)} />…{' '}
            {state.total ? `${Math.floor(((state.loaded ?? 0) / state.total) * 100)} %` : ''}
          </p>
        )}
        {state.step === 'done' && <ReportText file={state.file} report={state.report} />}
      </div>
      {state.step === 'failed' && <ErrorMessage title="The file could not be checked." error={state.error} />}
    </div>
  );
}

function ReportText({ file, report }: { file: string; report: VerifyReport }) {
  const label = <UntrustedName name={fileLabel(file)} />;
  if (report.outcome === 'differs') {
    return (
      <p className="verify-differs">
        {label} is not the same: {report.why}
      </p>
    );
  }
  if (report.outcome === 'unknown') {
    return (
      <p>
        {label} could not be compared: {report.why}
      </p>
    );
  }
  const how = report.parts > 1 ? `, checked segment by segment (${formatCountOf(report.parts, 'segment')})` : '';
  const gaps = report.unchecked ? ` ${formatCountOf(report.unchecked, 'piece')} had no checksum to compare.` : '';
  return (
    <p>
      {label} matches: all {formatBytes(report.bytes)} are the same{how}.{gaps}
    </p>
  );
}
