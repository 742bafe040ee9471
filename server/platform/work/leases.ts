/**
 * Keeps a process's claims (jobs, mails) alive while their work runs (decision 0021). A claim's lease is short, so
 * the work of a process that died is taken up soon; every third of it, one statement extends the leases of all
 * the claims still held, so a merely slow run keeps its claim and nothing runs twice.
 *
 * Renewals and outcomes never cross: `drop` waits for a renewal in flight before the caller writes its outcome,
 * and later renewals leave the dropped claim out, so a renewal never extends a claim whose outcome is recorded.
 */
export class LeaseKeeper<Claim> {
  private readonly held = new Set<Claim>();
  private renewing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private renewingNow = false;
  private stopped = false;

  constructor(
    private readonly renew: (claims: Claim[]) => Promise<unknown>,
    private readonly leaseMs: number,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** Renews these claims from now on, until they are dropped. */
  hold(claims: Iterable<Claim>): void {
    if (this.stopped) return;
    for (const claim of claims) this.held.add(claim);
    if (!this.timer && this.held.size > 0) {
      this.timer = setInterval(() => this.beat(), this.leaseMs / 3);
      this.timer.unref(); // never keeps the process alive on its own
    }
  }

  /** Renews these claims no more; resolves once no renewal of them can still land, so their outcome may go. */
  async drop(claims: Iterable<Claim>): Promise<void> {
    for (const claim of claims) this.held.delete(claim);
    if (this.held.size === 0) this.pause();
    await this.renewing;
  }

  /** Renews nothing more, ever: what is still held is left to its lease (a process shutting down). */
  stop(): void {
    this.stopped = true;
    this.held.clear();
    this.pause();
  }

  private pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private beat(): void {
    // One renewal at a time: a slow database delays the next one instead of piling them up.
    if (this.held.size === 0 || this.renewingNow) return;
    this.renewingNow = true;
    this.renewing = this.renew([...this.held])
      .then(
        () => undefined,
        (error: unknown) => this.log('Renewing leases failed', error),
      )
      .finally(() => {
        this.renewingNow = false;
      });
  }
}
