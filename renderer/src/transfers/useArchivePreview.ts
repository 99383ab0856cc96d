/** The preview of an archive dropped on a container: asked of the main process, which reads the file. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../api';
import { archivePreviewKey } from '../cache/queryKeys';

export function useArchivePreview(
  target: { region: string; container: string },
  prefix: string,
  filePath: string,
  enabled: boolean,
) {
  const { region, container } = target;
  return useQuery({
    queryKey: archivePreviewKey(region, container, prefix, filePath),
    queryFn: () => call('previewArchive', { region, container, filePath, ...(prefix ? { prefix } : {}) }),
    enabled,
    // While a new folder is previewed the last answer stays up, so nothing jumps.
    placeholderData: keepPreviousData,
    // What would be overwritten must be asked afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}
