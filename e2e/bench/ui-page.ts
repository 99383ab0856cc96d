/** What the bench does in the page: timed clicks and the scroll to a last row, measured frame by frame. */
import type { Page } from 'playwright';

/**
 * In the page (functions, not strings: the renderer's CSP allows no eval):
 * clicks what `click` finds, then watches the document until `done` finds
 * something; answers the milliseconds between. A MutationObserver sees the
 * result the moment React puts it in the document (the next paint follows
 * within a frame); polling frame by frame would round every time up to
 * 17–33 ms, more than a HEAD + POST on loopback takes.
 */
export async function clickUntil(page: Page, click: Finder, done: Finder): Promise<number> {
  return page.evaluate(
    async ([c, d]) => {
      const find = (f: typeof c) =>
        [...document.querySelectorAll<HTMLElement>(f.selector)].find((e) =>
          f.exact ? e.textContent === f.text : (e.textContent ?? '').includes(f.text),
        );
      // The caller waited for the target, but a listing refresh can re-render it between that wait
      // and this script (seen once: "nothing to click" on a row Playwright had just found), so look
      // again for a few frames; the clock only starts at the click.
      let target = find(c);
      for (let frame = 0; !target && frame < 120; frame++) {
        await new Promise((r) => requestAnimationFrame(r));
        target = find(c);
      }
      if (!target) throw new Error(`nothing to click: ${c.selector} "${c.text}"`);
      let start = 0;
      const seen = new Promise<number>((resolve, reject) => {
        const observer = new MutationObserver(() => {
          if (!find(d)) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`never saw ${d.selector} "${d.text}"`));
        }, 120_000);
      });
      start = performance.now();
      target.click();
      if (find(d)) return performance.now() - start;
      return (await seen) - start;
    },
    [click, done] as const,
  );
}

/**
 * In the page: a person dragging the scrollbar to the bottom and holding it
 * there (every frame the grid is put at the end of what it has) until `last`
 * is on screen, so the time is the grid's loading and painting, not the pace
 * of the gesture. Answers the time between consecutive frames (16.7 ms when
 * nothing is missed at 60 Hz), waits for pages included.
 */
export function scrollToLast(page: Page, last: string): Promise<number[]> {
  return page.evaluate(async (name) => {
    const el = document.querySelector<HTMLElement>('[data-testid="object-scroller"]')!;
    const reached = () => [...el.querySelectorAll('.row-name')].some((n) => n.textContent === name);
    const frames: number[] = [];
    const start = performance.now();
    let previous = await new Promise<number>((r) => requestAnimationFrame(r));
    while (!reached()) {
      if (performance.now() - start > 600_000) throw new Error(`never reached ${name}`);
      el.scrollTop = el.scrollHeight;
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      frames.push(now - previous);
      previous = now;
    }
    return frames;
  }, last);
}

export const percentile = (samples: number[], q: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

export interface Finder {
  selector: string;
  /** Text the element holds (a name, "Saved."): all of it when `exact`. */
  text: string;
  exact?: boolean;
}
