import { DataSource, EntityManager } from 'typeorm';

/** What a leader was given when it took the lock: its fencing token and where the lock lives. */
export interface LeaderToken {
  name: string;
  /** Bumped by every new leader (leader_epochs): an older token is stale. */
  epoch: string;
  /** The backend process holding the advisory lock, and the lock's key. */
  lockPid: number;
  lockKey: string;
}

export class LostLeadershipError extends Error {
  constructor(name: string) {
    super(`leadership of ${name} was lost: not sending`);
  }
}

/**
 * Fencing for side effects outside the database (broadcasting a transaction). `run` executes its work in
 * a transaction that first checks, holding the epoch row FOR SHARE, that this leader's token is still the
 * newest AND that its advisory lock is still held; otherwise it throws LostLeadershipError and runs
 * nothing. A new leader bumps the epoch with an UPDATE of that row, which waits for every such
 * transaction still running: once a successor leads, the old leader's next `run` is refused.
 */
export class LeaderFence {
  constructor(private readonly db: DataSource, readonly token: LeaderToken) {}

  async run<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (m) => {
      const rows: Array<{ epoch: string; held: boolean }> = await m.query(
        `SELECT e.epoch::text AS epoch,
                EXISTS (SELECT 1 FROM pg_locks l
                         WHERE l.locktype = 'advisory' AND l.pid = $2 AND l.granted AND l.objsubid = 1
                           AND l.classid = (($3::bigint >> 32) & 4294967295)::oid
                           AND l.objid = ($3::bigint & 4294967295)::oid) AS held
           FROM leader_epochs e WHERE e.name = $1 FOR SHARE OF e`,
        [this.token.name, this.token.lockPid, this.token.lockKey],
      );
      if (!rows.length || rows[0].epoch !== this.token.epoch || !rows[0].held) throw new LostLeadershipError(this.token.name);
      return work(m);
    });
  }

  /**
   * Throws LostLeadershipError unless this leader's token is still the newest and its lock still held, in a
   * transaction that is committed before returning. For network side effects: check, commit, THEN call the
   * node, so no database transaction (and no snapshot that holds back the projections) waits on an RPC.
   * A successor may take over between the check and the call; what is sent then is a stored, signed
   * transaction (same nonce, same bytes the successor would re-send), which the escrow pays at most once.
   */
  async check(): Promise<void> {
    await this.run(async () => undefined);
  }
}
