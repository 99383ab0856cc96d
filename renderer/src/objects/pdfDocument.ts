/**
 * pdf.js, loaded only when a PDF is previewed (its code is a separate chunk).
 * Its parser runs in the page's own thread: a Worker would need a script URL
 * of its own under the app:// scheme, and the page's CSP stays as it is
 * (scripts from the app only, no eval, no network, no WebAssembly).
 */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import * as parser from 'pdfjs-dist/build/pdf.worker.mjs';

// pdf.js looks for a parser already loaded in the page before it tries to start a Worker.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = parser;

export type { PDFDocumentProxy };

/** The document once read, and how to let go of it (and of everything pdf.js holds for it). */
export function openPdf(data: Uint8Array): { doc: Promise<PDFDocumentProxy>; close: () => Promise<void> } {
  const task = getDocument({
    data,
    // No WebAssembly decoders (the CSP has no 'wasm-unsafe-eval'): pdf.js has JavaScript ones.
    useWasm: false,
    // Drawing stays on the page's canvas: no OffscreenCanvas in another Worker.
    disableWorkerRendering: true,
    // Forms and their scripts are not previewed.
    enableXfa: false,
  });
  return { doc: task.promise, close: () => task.destroy() };
}
