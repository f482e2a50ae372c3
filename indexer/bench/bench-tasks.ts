import { CENT } from '../test/support/escrow-chain';

/**
 * A task's stream as the commands would have written it: created, then each submission submitted, approved
 * and its payout requested for `recipientOf(id)` (a RewardReleased log pays a submission only then).
 * Appended in bulk by the indexer benchmarks, so that setting up thousands of payouts takes seconds.
 */
export function taskWithApprovals(
  taskId: number, creatorId: number, submissionIds: number[], deadline: Date, escrow: string, recipientOf: (submissionId: number) => string,
): Array<{ type: string; data: unknown }> {
  const now = new Date().toISOString();
  const n = submissionIds.length;
  const events: Array<{ type: string; data: unknown }> = [{
    type: 'TaskCreated',
    data: {
      taskId, creatorId, title: `Bench task ${taskId}`, description: 'Benchmark task', requirements: 'none', category: 'Bench',
      reward: 1, maxCompletions: n, estimatedTime: 1, deadline: deadline.toISOString(), submissionType: 'text', isActive: true,
      chainId: 31337, contractAddress: escrow, escrowAmount: (CENT * BigInt(n)).toString(), createdAt: now,
    },
  }];
  for (const submissionId of submissionIds) {
    const userId = 1_000_000 + submissionId;
    events.push(
      { type: 'SubmissionSubmitted', data: { submissionId, taskId, userId, proofLink: null, proofText: 'bench', proofFileUrl: null, notes: null, createdAt: now } },
      { type: 'SubmissionApproved', data: { submissionId, taskId, userId, reviewerId: creatorId, feedback: null, reward: 1, reviewedAt: now } },
      { type: 'PayoutRequested', data: { submissionId, taskId, userId, recipient: recipientOf(submissionId), amount: CENT.toString(), requestedBy: creatorId } },
    );
  }
  return events;
}
