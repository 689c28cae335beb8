import type { Db } from '../db/create-db.js';
import type { Viewer } from '../wp/auth/capabilities.js';

/**
 * Which database a request reads from when the site has read replicas (DATABASE_READ_URL):
 * plain GET and HEAD requests go to the replicas in turn; everything else to the primary, and so
 * do the reads of a user who wrote through this process within the last `readAfterWriteMs`, so a
 * client sees its own write at once even while the replicas lag behind. Without replicas every
 * request uses the primary.
 */
export class ReadRouting {
  private turn = 0;
  /** User ID -> when (ms) their last write through this process committed. */
  private readonly lastWrites = new Map<number, number>();

  constructor(
    private readonly primary: Db,
    private readonly replicas: readonly Db[],
    private readonly readAfterWriteMs = 10_000,
  ) {}

  dbFor(request: { method: string; methodOverridden: boolean }, viewer: Viewer, now: Date): Db {
    if (this.replicas.length === 0 || request.methodOverridden) return this.primary;
    if (request.method !== 'GET' && request.method !== 'HEAD') return this.primary;
    const wroteAt = this.lastWrites.get(viewer.userId);
    if (wroteAt !== undefined && now.getTime() - wroteAt < this.readAfterWriteMs && now.getTime() >= wroteAt) return this.primary;
    this.turn = (this.turn + 1) % this.replicas.length;
    return this.replicas[this.turn]!;
  }

  /** A write by `userId` committed at `now`: their reads go to the primary for a while. */
  noteWrite(userId: number, now: Date): void {
    if (this.replicas.length === 0) return;
    const time = now.getTime();
    for (const [user, at] of this.lastWrites) if (time - at >= this.readAfterWriteMs) this.lastWrites.delete(user);
    this.lastWrites.set(userId, time);
  }
}
