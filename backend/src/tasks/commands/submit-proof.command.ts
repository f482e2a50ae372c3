import { ProofData } from '../domain/task.events';

/** The submitter comes from the session, never from the body. */
export class SubmitProofCommand {
  constructor(readonly userId: number, readonly taskId: number, readonly proof: ProofData) {}
}
