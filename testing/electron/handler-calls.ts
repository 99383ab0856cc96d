import type { Result } from '../../shared/errors';
import type { Handlers } from '../../electron/ipc/handlers';

/**
 * Calls handlers as the renderer would, keeping every answer so a test can
 * check afterwards that none of them carried a secret.
 */
export function recordedCalls(handlers: () => Handlers) {
  const transcript: Result<unknown>[] = [];
  async function call(operation: keyof Handlers, request: unknown): Promise<Result<unknown>> {
    const result = await handlers()[operation](request);
    transcript.push(result);
    return result;
  }
  async function value<T>(operation: keyof Handlers, request: unknown): Promise<T> {
    const result = await call(operation, request);
    if (!result.ok) throw new Error(`${operation}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  }
  return { call, value, transcript };
}
