/**
 * Writes what concurrent requests add in one turn of the event loop with one statement: one round trip and one
 * commit for the lot, instead of one each. Each caller's promise settles with the write of its batch, so a caller
 * still answers only once its row is stored.
 */
export class WriteBatcher<Row> {
  private pending: Array<{ row: Row; settle: (error?: unknown) => void }> = [];
  private scheduled = false;

  constructor(
    private readonly write: (rows: Row[]) => Promise<void>,
    private readonly maxBatch = 500,
  ) {}

  add(row: Row): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (this.scheduled) return;
      this.scheduled = true;
      // After this turn's I/O callbacks: every request read in this turn joins the batch.
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const waiting = this.pending;
    this.pending = [];
    for (let start = 0; start < waiting.length; start += this.maxBatch) {
      const batch = waiting.slice(start, start + this.maxBatch);
      this.write(batch.map((entry) => entry.row)).then(
        () => batch.forEach((entry) => entry.settle()),
        (error: unknown) => batch.forEach((entry) => entry.settle(error ?? new Error('The batch was not written'))),
      );
    }
  }
}
