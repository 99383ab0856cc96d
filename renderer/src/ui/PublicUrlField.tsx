import { useId } from 'react';
import { CopyButton } from './CopyButton';

/** A public address to read or copy (selected whole on focus). */
export function PublicUrlField({ url, label = 'Public URL' }: { url: string; label?: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="public-read-url-label">
        {label}
      </label>
      <div className="public-read-url-line">
        <textarea
          id={id}
          className="public-read-url"
          readOnly
          rows={1}
          value={url}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={url} />
      </div>
    </>
  );
}
