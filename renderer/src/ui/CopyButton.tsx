import { useEffect, useState } from 'react';

const FEEDBACK_MS = 2000;

/** Copies `text` to the clipboard and says whether that worked. */
export function CopyButton({ text }: { text: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (result === null) return;
    const timer = window.setTimeout(() => setResult(null), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  function copy() {
    navigator.clipboard.writeText(text).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  }

  return (
    <button type="button" onClick={copy} title={result === 'failed' ? 'Select the address and copy it' : undefined}>
      {/* Same width for every label, so nothing beside it moves. */}
      <span className="copy-label">{result === 'copied' ? 'Copied' : result === 'failed' ? 'Failed' : 'Copy'}</span>
    </button>
  );
}
