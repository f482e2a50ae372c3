import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type IdSequence = 'user_id_seq' | 'task_id_seq' | 'submission_id_seq';

/** Integer ids (the spec's serial ids) come from PostgreSQL sequences; a refused command leaves a gap. */
@Injectable()
export class IdAllocator {
  constructor(private readonly dataSource: DataSource) {}

  async next(sequence: IdSequence): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(`SELECT nextval('${sequence}') AS id`);
    return Number(rows[0].id);
  }
}
