/** Who and what caused an event; chain facts also say where on the chain they were seen. */
export interface EventMetadata {
  actorId?: number | null;
  causationId?: string;
  correlationId?: string;
  chain?: {
    chainId: number;
    blockNumber: number;
    blockHash: string;
    txHash: string;
    logIndex: number;
  };
  [key: string]: unknown;
}

export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  metadata?: EventMetadata;
  /** Unique across the store: appending an event whose key exists already is a no-op (chain facts). */
  idempotencyKey?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an event's data is untyped until a reader knows its type
export interface StoredEvent<D = any> {
  globalPosition: bigint;
  transactionId: bigint;
  streamId: string;
  streamVersion: number;
  type: string;
  data: D;
  metadata: EventMetadata;
  createdAt: Date;
}

/** What folding an aggregate needs of a stored event (its stream's events, read without the rest). */
export type StreamEvent = Pick<StoredEvent, 'type' | 'data' | 'streamVersion'>;

/** Readers' position: (transaction id, global position), the order in which events become visible. */
export interface Checkpoint {
  transactionId: bigint;
  position: bigint;
}

export const START: Checkpoint = { transactionId: 0n, position: 0n };

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return 0;
}

/**
 * The key that makes a chain log an idempotent fact. With `blockHash` the key names the log in ONE
 * block: a reorganisation that drops the block and re-includes the same transaction elsewhere yields a
 * new fact (applied after the old one's compensation), while the same log delivered again stays a no-op.
 */
export function chainFactKey(chainId: number, txHash: string, logIndex: number, blockHash?: string): string {
  const base = `chain:${chainId}:${txHash.toLowerCase()}:${logIndex}`;
  return blockHash ? `${base}:${blockHash.toLowerCase()}` : base;
}

export type ExpectedVersion = number | 'any';
