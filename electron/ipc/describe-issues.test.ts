// A hostile request's error repeats only an excerpt of it: a huge key or a list of a million bad
// entries must not come back whole over IPC (seen: a 10 MB message from fuzzing the handlers).
import { describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';
import { excerpt } from './describe-issues';

const handlers = createHandlers();

describe('an invalid request is answered in a few hundred characters, whatever its size', () => {
  it('names a 100,000-character unknown key by its start, and says how long the issue was', async () => {
    const key = 'k'.repeat(100_000);
    const answer = await handlers.getSession({ [key]: 1 });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('invalid_input');
    expect(answer.error.message.length).toBeLessThan(400);
    expect(answer.error.message).toMatch(/: Unrecognized key: "k+… \(\d+ characters\)\.$/);
  });

  it('counts the issues it does not name', async () => {
    const groups = Array.from({ length: 5_000 }, () => 5);
    const answer = await handlers.deleteOrphanSegments({ operationId: 'x', region: 'r', groups });
    if (answer.ok) throw new Error('accepted');
    expect(answer.error.message).toMatch(/groups\.2: .*; and 4997 more\.$/);
    expect(answer.error.message.length).toBeLessThan(600);
  });

  it('names 200,000 unknown keys of one entry in a bounded message', async () => {
    const entry = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [String(i), 1]));
    const answer = await handlers.deleteOrphanSegments({ operationId: 'x', region: 'r', groups: [entry] });
    if (answer.ok) throw new Error('accepted');
    expect(answer.error.message.length).toBeLessThan(600);
  });

  it('never cuts a surrogate pair in half', () => {
    const text = 'a'.repeat(9) + '😀'.repeat(10);
    const cut = excerpt(text, 10);
    expect(cut.startsWith('a'.repeat(9) + '…')).toBe(true);
    expect(cut).toBe(`${'a'.repeat(9)}… (19 characters)`);
  });

  it('answers in well-formed text even when the request holds a lone surrogate', async () => {
    const answer = await handlers.getSession({ 'bad\uD800key': 1 });
    if (answer.ok) throw new Error('accepted');
    expect(answer.error.message).toContain('bad\uFFFDkey');
  });
});
