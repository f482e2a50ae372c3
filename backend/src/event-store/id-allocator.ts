import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type IdSequence = 'user_id_seq' | 'task_id_seq' | 'submission_id_seq';

/** The most ids taken from a sequence in one round trip. */
const MAX_BLOCK = 64;
/** A block used up faster than this is followed by a bigger one; a slower one by single ids again. */
const BUSY_MS = 1_000;

interface Block {
  ids: number[];
  size: number;
  fetchedAt: number;
  fetching: Promise<void> | null;
}

/**
 * Integer ids (the spec's serial ids) come from PostgreSQL sequences; a refused command leaves a gap. While
 * commands come quickly, ids are taken a block at a time (doubling up to MAX_BLOCK), so most commands need no
 * round trip for theirs; when calm, one at a time, so ids stay dense. A restart leaves the unused rest of a
 * block as a gap, and ids from two processes interleave by block: ids are unique, not a creation order
 * (they never were: concurrent commands commit in any order).
 */
@Injectable()
export class IdAllocator {
  private readonly blocks = new Map<IdSequence, Block>();

  constructor(private readonly dataSource: DataSource) {}

  async next(sequence: IdSequence): Promise<number> {
    let block = this.blocks.get(sequence);
    if (!block) {
      block = { ids: [], size: 0, fetchedAt: 0, fetching: null };
      this.blocks.set(sequence, block);
    }
    for (;;) {
      const id = block.ids.shift();
      if (id !== undefined) return id;
      const b = block;
      b.fetching ??= this.refill(sequence, b).finally(() => {
        b.fetching = null;
      });
      await b.fetching;
    }
  }

  private async refill(sequence: IdSequence, block: Block): Promise<void> {
    const now = Date.now();
    block.size = now - block.fetchedAt < BUSY_MS ? Math.min(MAX_BLOCK, block.size * 2) : 1;
    block.fetchedAt = now;
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT nextval('${sequence}') AS id FROM generate_series(1, $1::int) ORDER BY 1`,
      [block.size],
    );
    block.ids.push(...rows.map((r) => Number(r.id)));
  }
}
