import type { ReactNode } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { visibleName } from '../ui/untrustedText';
import { useStartEditing } from './queries';

/**
 * "Edit in an editor" for the objects of one container: the main process downloads the object and
 * opens it in the person's application; a refusal (too large, a link) or a failure is shown at once.
 */
export function useEditInEditor(
  region: string,
  container: string,
): { edit: (name: string) => void; problem: ReactNode } {
  const start = useStartEditing();
  const name = start.variables?.name ?? '';
  return {
    edit: (object) => start.mutate({ region, container, name: object }),
    problem: start.isError ? (
      <ErrorMessage
        error={start.error}
        title={`Could not open “${visibleName(name)}” in an editor.`}
        className="objects-error"
      />
    ) : null,
  };
}
