/** Another writer appended to the stream first: reload and decide again. */
export class WrongExpectedVersionError extends Error {
  constructor(readonly streamId: string, readonly expected: number) {
    super(`stream ${streamId} is no longer at version ${expected}`);
  }
}

/** A unique key (wallet address, username, ...) is already reserved by another stream. */
export class UniqueKeyTakenError extends Error {
  constructor(readonly kind: string, readonly value: string) {
    super(`${kind} ${value} is already taken`);
  }
}
