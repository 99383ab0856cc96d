import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ObjectInfo } from '../../../shared/domain';
import {
  EDITABLE_HEADERS,
  HEADER_HINTS,
  HEADER_LABELS,
  headerValueProblems,
  type EditableHeader,
  type ObjectHeaders,
} from '../../../shared/object-headers';
import { call } from '../api';
import { patchListedObject } from '../cache/listingCache';
import { ErrorMessage } from '../ui/ErrorMessage';
import { objectKey } from '../cache/queryKeys';

const valuesOf = (object: ObjectInfo): Record<EditableHeader, string> => ({
  'content-type': object.contentType,
  'content-disposition': object.headers?.['content-disposition'] ?? '',
  'content-encoding': object.headers?.['content-encoding'] ?? '',
  'cache-control': object.headers?.['cache-control'] ?? '',
  'content-language': object.headers?.['content-language'] ?? '',
});

/**
 * The headers a browser acts on when it fetches the object, edited as named
 * fields beside user metadata ('' removes one). The main process sends them
 * with everything a POST would otherwise drop; the answer goes into the
 * cache and the listing row, so a save costs its HEAD and POST only.
 */
export function ObjectHeadersEditor({ region, object }: { region: string; object: ObjectInfo }) {
  const id = useId();
  const client = useQueryClient();
  const stored = valuesOf(object);
  const [values, setValues] = useState(stored);
  const save = useMutation({
    mutationFn: (headers: ObjectHeaders) =>
      call('setObjectHeaders', { region, container: object.container, name: object.name, headers }),
    onSuccess: (updated) => {
      client.setQueryData<ObjectInfo>(objectKey(region, object.container, object.name), updated);
      patchListedObject(client, region, object.container, updated);
      setValues(valuesOf(updated));
    },
  });
  const changed = EDITABLE_HEADERS.filter((h) => values[h] !== stored[h]);
  const problems = new Map(EDITABLE_HEADERS.map((h) => [h, headerValueProblems(h, values[h])]));
  const valid = changed.every((h) => problems.get(h)?.length === 0);

  return (
    <form
      className="object-headers"
      aria-label="Object headers"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed.length > 0 && valid) save.mutate(Object.fromEntries(changed.map((h) => [h, values[h]])));
      }}
    >
      {EDITABLE_HEADERS.map((header) => {
        const messages = values[header] === stored[header] ? [] : (problems.get(header) ?? []);
        return (
          <label key={header} className="object-header">
            <span className="object-header-name">{HEADER_LABELS[header]}</span>
            <input
              value={values[header]}
              placeholder="not set"
              spellCheck={false}
              autoComplete="off"
              disabled={save.isPending}
              aria-invalid={messages.length > 0}
              aria-describedby={`${id}-${header}`}
              onChange={(e) => setValues({ ...values, [header]: e.target.value })}
            />
            <span id={`${id}-${header}`} className={messages.length > 0 ? 'meta-problem' : 'muted object-header-hint'}>
              {messages.length > 0 ? messages.join(' ') : HEADER_HINTS[header]}
            </span>
          </label>
        );
      })}
      <div className="meta-actions">
        <p role="status" className="meta-status muted">
          {save.isPending ? 'Saving…' : save.isSuccess && changed.length === 0 ? 'Headers saved.' : ''}
        </p>
        <button
          type="button"
          aria-label="Discard header changes"
          disabled={changed.length === 0 || save.isPending}
          onClick={() => setValues(stored)}
        >
          Discard
        </button>
        <button type="submit" className="primary" disabled={changed.length === 0 || !valid || save.isPending}>
          Save headers
        </button>
      </div>
      {save.isError && (
        <ErrorMessage
          title="Could not change the headers."
          error={save.error}
          onRetry={() => save.variables && save.mutate(save.variables)}
        />
      )}
    </form>
  );
}
