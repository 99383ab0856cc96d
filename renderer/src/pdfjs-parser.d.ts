// pdf.js's parser module ships no types; Cirrus only hands the module to pdf.js itself.
declare module 'pdfjs-dist/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
