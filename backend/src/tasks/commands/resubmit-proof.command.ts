import { ProofData } from '../domain/task.events';

/** The earner's revised proof after changes were requested (POST /api/submissions/:id/revisions). */
export class ResubmitProofCommand {
  constructor(readonly userId: number, readonly submissionId: number, readonly proof: ProofData) {}
}
