import { ApiProperty } from '@nestjs/swagger';

export class DatabaseReadinessView {
  @ApiProperty({ enum: ['up', 'down'] }) status!: 'up' | 'down';
  @ApiProperty({ nullable: true, type: Number, description: 'Time to open a fresh connection and query, ms' }) latencyMs!: number | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}

export class ChainReadinessView {
  @ApiProperty({ enum: ['up', 'unreachable'] }) status!: 'up' | 'unreachable';
  @ApiProperty({ nullable: true, type: Number, description: 'The head block now (null when unreachable)' }) headBlock!: number | null;
  @ApiProperty({ nullable: true, type: Number }) latencyMs!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Last head block seen (by this process, or applied by the indexer)' }) lastBlockSeen!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) lastBlockSeenAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}

export class IndexerReadinessView {
  @ApiProperty({ nullable: true, type: Number, description: "The indexer's checkpoint: last block applied (null before its first)" }) checkpointBlock!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) checkpointAt!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Chain head minus checkpoint, in blocks (null when either is unknown)' }) lagBlocks!: number | null;
}

export class ReadinessView {
  @ApiProperty({ enum: ['ready', 'not ready'], description: 'ready when the database answers (the chain and the indexer are reported, not required)' })
  status!: 'ready' | 'not ready';
  @ApiProperty({ type: DatabaseReadinessView }) database!: DatabaseReadinessView;
  @ApiProperty({ type: ChainReadinessView }) chain!: ChainReadinessView;
  @ApiProperty({ type: IndexerReadinessView }) indexer!: IndexerReadinessView;
}

export class LivenessView {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
  @ApiProperty({ enum: ['up'] }) database!: 'up';
}
