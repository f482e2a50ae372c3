/** Ask (again) for the on-chain release of an approved submission's reward. Idempotent. */
export class RequestPayoutCommand {
  constructor(readonly submissionId: number, readonly requestedBy: number | null) {}
}
