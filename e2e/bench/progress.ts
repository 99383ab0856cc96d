/**
 * One progress line on stderr while the bench works (stdout carries only the
 * table): rewritten in place on a terminal, one line per step otherwise, so a
 * log shows where a run stopped.
 */
export class Progress {
  readonly #started = performance.now();
  readonly #tty = process.stderr.isTTY === true;
  #done = 0;
  #total = 0;

  /** Adds steps to the count shown as `[done/total]`. */
  plan(steps: number): void {
    this.#total += steps;
  }

  step(label: string): void {
    this.#done++;
    this.#write(`[${this.#done}/${Math.max(this.#done, this.#total)}] ${this.#elapsed()} ${label}`);
  }

  /** A line that stays (a skipped peer, data being made). */
  note(line: string): void {
    this.#clear();
    process.stderr.write(`${line}\n`);
  }

  end(): void {
    this.#clear();
  }

  #elapsed(): string {
    const s = Math.round((performance.now() - this.#started) / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }

  #write(line: string): void {
    if (!this.#tty) return void process.stderr.write(`${line}\n`);
    const width = process.stderr.columns || 100;
    process.stderr.write(`\r\x1b[2K${line.slice(0, width - 1)}`);
  }

  #clear(): void {
    if (this.#tty) process.stderr.write('\r\x1b[2K');
  }
}
