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

/** PostgreSQL's unique_violation (23505): another writer took the same version or key first. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}
