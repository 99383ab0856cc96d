/** The IPC request that edits an object's browser-facing headers, each checked before anything is sent. */
import { z } from 'zod';
import { cancellable, containerName, issues, name, region } from './contract-fields';
import { EDITABLE_HEADERS, headerValueProblems, type EditableHeader } from './object-headers';

const headerValue = (header: EditableHeader) =>
  z
    .string()
    .max(2048)
    .superRefine(issues((v: string) => headerValueProblems(header, v).map((message) => ({ field: header, message }))))
    .optional();

const headers = z
  .strictObject(
    Object.fromEntries(EDITABLE_HEADERS.map((h) => [h, headerValue(h)])) as {
      [H in EditableHeader]: ReturnType<typeof headerValue>;
    },
  )
  .refine((h) => Object.values(h).some((v) => v !== undefined), 'there is no header to change');

export const objectHeaderRequests = {
  /** Sets headers ('' removes one); metadata, expiry and the other headers stay. The answer is the object. */
  setObjectHeaders: z.strictObject({ ...cancellable, region, container: containerName, name, headers }),
} as const;
