/**
 * The key-wide balance lock. A step that measures Credits (balance before, request, balance after)
 * holds it exclusively, so nothing else can be charged in between; other charged steps hold it shared
 * and run side by side. Waiters are served in arrival order, so a measuring step is never starved.
 */
export class BalanceLock {
  private readers = 0;
  private writer = false;
  private readonly queue: { exclusive: boolean; grant: () => void }[] = [];

  acquire(exclusive: boolean): Promise<() => void> {
    return new Promise((resolve) => {
      this.queue.push({
        exclusive,
        grant: () => resolve(this.releaser(exclusive)),
      });
      this.pump();
    });
  }

  private releaser(exclusive: boolean): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (exclusive) this.writer = false;
      else this.readers--;
      this.pump();
    };
  }

  private pump(): void {
    while (this.queue.length) {
      const head = this.queue[0]!;
      if (head.exclusive ? this.writer || this.readers > 0 : this.writer) return;
      this.queue.shift();
      if (head.exclusive) this.writer = true;
      else this.readers++;
      head.grant();
    }
  }
}
