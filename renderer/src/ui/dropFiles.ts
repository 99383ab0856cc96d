import type { DragEvent } from 'react';

/** Whether a drag carries files from the OS (a drop to upload), not text or a row dragged inside the page. */
export const hasFiles = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files');
