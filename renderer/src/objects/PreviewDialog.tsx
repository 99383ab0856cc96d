import { useQuery } from '@tanstack/react-query';
import type { ObjectPreview } from '../../../shared/object-preview';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes } from '../ui/format';
import { PdfPreview } from './PdfPreview';
import './preview.css';
import { previewKey } from '../cache/queryKeys';
import { Dialog } from '../ui/Dialog';
import { UntrustedName } from '../ui/UntrustedName';

interface Props {
  region: string;
  container: string;
  name: string;
  onClose: () => void;
  onDownload: () => void;
}

/**
 * An object's contents inside the app: the main process reads at most the
 * preview's limit and hands over text, an image as a data: URL (the CSP's
 * img-src allows data: and nothing remote), or a PDF's bytes for pdf.js to
 * draw; the page fetches nothing itself.
 */
export function PreviewDialog({ region, container, name, onClose, onDownload }: Props) {
  const preview = useQuery({
    queryKey: previewKey(region, container, name),
    queryFn: ({ signal }) => call('previewObject', { region, container, name }, signal),
    staleTime: 0,
    gcTime: 0, // an image's bytes are not kept once the dialog closes
  });
  return (
    <Dialog
      title={<UntrustedName name={name} />}
      label={`Preview of ${name}`}
      className="preview-dialog"
      onSubmit={onClose}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onDownload}>
            Download…
          </button>
          <button type="submit" data-autofocus>
            Close
          </button>
        </>
      }
    >
      {preview.isPending ? (
        <p role="status">Loading the preview…</p>
      ) : preview.isError ? (
        <ErrorMessage
          title="Could not preview this object."
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      ) : (
        <PreviewBody preview={preview.data} />
      )}
    </Dialog>
  );
}

function PreviewBody({ preview }: { preview: ObjectPreview }) {
  switch (preview.kind) {
    case 'text':
      return (
        <>
          {preview.truncated && (
            <p className="muted" role="status">
              The first {formatBytes(preview.text.length)} of {formatBytes(preview.bytes)}: download it to see it all.
            </p>
          )}
          <pre className="preview-text" tabIndex={0} aria-label="Contents">
            {preview.text}
          </pre>
        </>
      );
    case 'image':
      return <img className="preview-image" src={preview.dataUrl} alt="The object, as an image" />;
    case 'pdf':
      return <PdfPreview base64={preview.base64} />;
    case 'tooLarge':
      return (
        <p role="status">
          Too large to preview: {formatBytes(preview.bytes)}, and{' '}
          {preview.contentType.includes('pdf') ? 'PDFs' : 'images'} are shown up to {formatBytes(preview.limit)}.
          Download it to open it.
        </p>
      );
    case 'unsupported':
      return (
        <p role="status">
          Cirrus previews text, images and PDF; this object is {preview.contentType || 'of no stated type'} (
          {formatBytes(preview.bytes)}). Download it to open it.
        </p>
      );
  }
}
