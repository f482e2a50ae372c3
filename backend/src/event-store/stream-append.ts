import { Checkpoint, ExpectedVersion, NewEvent } from './stored-event';

/** Appends to one stream: its events, compare-and-set on the version the writer decided on. */
export interface StreamAppend {
  streamId: string;
  expected: ExpectedVersion;
  events: NewEvent[];
}

export interface UniqueKeyReservation {
  kind: string;
  value: string;
}

export interface AppendOptions {
  /** Reserve these keys for the stream in the same transaction; a taken key aborts the append. */
  reserve?: UniqueKeyReservation[];
  /** Give up keys this stream held (an old username), in the same transaction. */
  release?: UniqueKeyReservation[];
}

export interface AppendResult {
  /** The stream's version after the append (unchanged when the append was a duplicate). */
  nextVersion: number;
  /** Where the last appended event sits; null when nothing was appended (a duplicate). */
  checkpoint: Checkpoint | null;
  duplicate: boolean;
}
