import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProjectionRunner } from '../projections/projection-runner';
import { UserAggregate } from '../users/user.aggregate';

/**
 * Waits until the read models show everything already appended to a user's stream. Needed when another
 * request wrote it (a concurrent first sign-in that won the wallet): our own commands wait for their own
 * events, but nothing else makes this request read that writer's events.
 */
@Injectable()
export class ReadModelSync {
  constructor(private readonly dataSource: DataSource, private readonly projections: ProjectionRunner) {}

  async user(userId: number): Promise<void> {
    const rows: Array<{ transaction_id: string; global_position: string }> = await this.dataSource.query(
      `SELECT transaction_id, global_position FROM events WHERE stream_id = $1 ORDER BY stream_version DESC LIMIT 1`,
      [UserAggregate.streamId(userId)],
    );
    if (!rows.length) return;
    await this.projections.waitFor({ transactionId: BigInt(rows[0].transaction_id), position: BigInt(rows[0].global_position) });
  }
}
