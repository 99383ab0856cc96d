/**
 * The IPC request of a container's static website and CORS settings: the
 * settings that change, each checked as Swift will store it, sent in one POST.
 */
import { z } from 'zod';
import { cancellable, containerName, issues, region } from './fields';
import type { Container } from '../domain';
import { WEBSITE_TEXT_FIELDS, websiteProblems, type WebsiteTextField } from '../website';

/** A value to store, or null to remove the key. Lengths are the region's, checked in the main process. */
const setting = (field: WebsiteTextField) =>
  z
    .string()
    .max(4096)
    .superRefine(issues((v: string) => websiteProblems(field, v).map((message) => ({ field, message }))))
    .nullable()
    .optional();

const change = z
  .strictObject({
    ...(Object.fromEntries(WEBSITE_TEXT_FIELDS.map((f) => [f, setting(f)])) as {
      [F in WebsiteTextField]: ReturnType<typeof setting>;
    }),
    listings: z.boolean().optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'there is no setting to change');

export const requests = {
  /** Sets and removes the settings the change names, keeping every other key; the answer is the container. */
  setContainerWebsite: z.strictObject({ ...cancellable, region, container: containerName, change }),
} as const;

export interface Responses {
  setContainerWebsite: Container;
}
