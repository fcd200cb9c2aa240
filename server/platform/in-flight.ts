/** Work started without being awaited (after an answer was sent, beside a request), so that a stop can wait for it. */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** Keeps `work` until it settles; answers it. */
  add<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => this.running.delete(work);
    work.then(done, done);
    return work;
  }

  /** Settles once all the work added, and any added meanwhile, has settled. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
