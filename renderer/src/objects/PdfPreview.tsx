import { useEffect, useRef, useState } from 'react';

/** Pages drawn at most; a longer PDF says how many more there are. */
const PAGES_SHOWN = 30;

type Drawn = { state: 'drawing' } | { state: 'drawn'; pages: number; texts: string[] } | { state: 'failed' };

function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * A PDF's first pages drawn on canvases, each as wide as the dialog (sharp on
 * high-density screens); each page's text is kept beside it for screen readers.
 */
export function PdfPreview({ base64 }: { base64: string }) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn>({ state: 'drawing' });

  useEffect(() => {
    const holder = pagesRef.current;
    if (!holder) return;
    let stopped = false;
    let close: (() => Promise<void>) | undefined;
    void (async () => {
      const { openPdf } = await import('./pdfDocument');
      const opened = openPdf(bytesOf(base64));
      close = opened.close;
      const doc = await opened.doc;
      if (stopped) return;
      const texts: string[] = [];
      // Room for the scroll bar that the pages will bring.
      const width = holder.clientWidth - 24;
      for (let n = 1; n <= Math.min(doc.numPages, PAGES_SHOWN) && !stopped; n++) {
        const page = await doc.getPage(n);
        const fit = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
        const sharp = page.getViewport({ scale: fit.scale * window.devicePixelRatio });
        const canvas = document.createElement('canvas');
        canvas.className = 'preview-pdf-page';
        canvas.width = Math.floor(sharp.width);
        canvas.height = Math.floor(sharp.height);
        canvas.style.width = `${Math.floor(fit.width)}px`;
        canvas.setAttribute('aria-hidden', 'true');
        holder.append(canvas);
        await page.render({ canvas, viewport: sharp }).promise;
        const content = await page.getTextContent();
        texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      }
      if (!stopped) setDrawn({ state: 'drawn', pages: doc.numPages, texts });
    })().catch(() => {
      if (!stopped) setDrawn({ state: 'failed' });
    });
    return () => {
      stopped = true;
      holder.replaceChildren();
      void close?.();
    };
  }, [base64]);

  return (
    <>
      {drawn.state === 'drawing' && <p role="status">Drawing the pages…</p>}
      {drawn.state === 'failed' && (
        <p role="alert">This PDF could not be read: it may be damaged or encrypted. Download it to open it.</p>
      )}
      {drawn.state === 'drawn' && (
        <p className="muted" role="status">
          {drawn.pages > PAGES_SHOWN
            ? `The first ${PAGES_SHOWN} of ${drawn.pages} pages: download it to see them all.`
            : `${drawn.pages} ${drawn.pages === 1 ? 'page' : 'pages'}.`}
        </p>
      )}
      {/* Filled by the effect, not by React: the canvases are pdf.js's. */}
      <div className="preview-pdf" ref={pagesRef} tabIndex={0} role="region" aria-label="Pages" />
      {drawn.state === 'drawn' && (
        <div className="sr-only" aria-label="Text of the pages">
          {drawn.texts.map((text, i) => (
            <p key={i}>
              Page {i + 1}: {text}
            </p>
          ))}
        </div>
      )}
    </>
  );
}
