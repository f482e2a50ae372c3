/** Every text the task aggregate answers with (the spec's where it has one). */
export const MESSAGES = {
  taskNotFound: 'Task not found',
  submissionNotFound: 'Submission not found',
  notFunded: 'This task is not open for submissions: its reward has not been escrowed yet',
  inactive: 'This task is not active',
  refunded: "This task's escrow has been refunded to its creator",
  deadlinePassed: 'The deadline for this task has passed',
  ownTask: 'You cannot submit proof on your own task',
  alreadySubmitted: 'You have already submitted proof for this task',
  full: (max: number) => `This task has reached its maximum of ${max} submissions.`,
  missingLink: 'Missing link: Please provide a valid URL as proof',
  missingText: 'Missing text proof: Please provide text description as proof',
  missingFile: 'Missing file: Please upload a file as proof',
  missingProof: 'Missing proof: Please provide a link, a text or a file as proof',
  notReviewer: "Only the task's creator or an admin can review this submission",
  ownSubmission: 'You cannot review your own submission',
  alreadyDecided: (status: string) => `This submission has already been ${status}`,
  feedbackRequired: 'Feedback required: Please provide feedback explaining why this submission is being rejected.',
  allApproved: (max: number) => `This task already has ${max} approved submissions`,
  reviewClosed: (until: Date) =>
    `Approvals for this task closed on ${until.toISOString()}: its escrow can be refunded soon after, so an approval ` +
    'now could not be paid in time. You can still reject.',
  notApproved: 'Only an approved submission can be paid',
  invalidWallet: (userId: number) => `Invalid wallet address for user ${userId}. Contact an administrator.`,
  /** A payout failure in plain words with what happens next and who can act (PayoutFailedData.cause). */
  payoutFailed: {
    no_wallet: (userId: number) =>
      `Invalid wallet address for user ${userId}. Contact an administrator. The reward is sent automatically as soon as ` +
      'the earner links a wallet to their account; the earner, the creator or an admin can also retry it (release-reward).',
    not_funded: (detail: string) =>
      `The task's escrow is not funded on chain (${detail}), for instance because a chain reorganisation dropped its ` +
      'funding. The payout is requested again automatically as soon as the task is funded; its creator can fund it ' +
      'with the exact arguments shown on the task.',
    escrow_full: (detail: string) =>
      `The task's escrow has no payout left (${detail}): releases the app did not request used them (see the task's ` +
      'escrow view, payout anomalies). Admins have been alerted; this reward cannot be paid from this escrow.',
    refunded: (detail: string) =>
      `The task's escrow was refunded to its creator before this approved reward was paid (${detail}). The creator owes ` +
      'this reward; admins have been alerted, and the escrow view and `npm run audit` report it.',
    escrow_refused: (detail: string) =>
      `Escrow refused the payout: ${detail}. Admins have been alerted; the creator or an admin can retry it ` +
      '(release-reward) once the cause is fixed.',
  },
  escrowEmptied: (notDecided: number, max: number) =>
    `This task's escrow has no payout left: ${notDecided} of its ${max} payouts were released by transactions the app ` +
    "did not request (see the task's escrow view). Its creator and the admins have been told.",
  noWalletYet: 'The earner has no linked wallet yet: the reward is sent as soon as they link one to their account.',
  notCreator: 'Only the creator of this task can change it',
} as const;

export interface Reviewer {
  id: number;
  isAdmin: boolean;
}

/**
 * The reviewer recorded for decisions nobody made (auto-approvals, cut-off rejections): `reviewedBy: 0`.
 * User ids come from a sequence starting at 1, so 0 is never a user; the JSON also says `reviewedBySystem`.
 */
export const SYSTEM_REVIEWER = { id: 0, isAdmin: true } as const;

/**
 * Why a rejection at the review cut-off cannot be appealed (issue 22), said with it. The escrow releases only
 * until deadline + reviewWindow, which is the closing margin (REVIEW_CLOSE_MARGIN_SECONDS, 1 hour by default)
 * after the cut-off, and the creator may refund the rest right after: an appeal decided after the cut-off could
 * never be paid, so offering one would be a false promise. A flagged submission was before the admins (who would
 * decide an appeal) from the moment it was flagged — when it was sent (task-spam-check.ts) — until the cut-off.
 */
export const CUT_OFF_IS_FINAL = 'This rejection is final and cannot be appealed: the escrow stops paying out at the review cut-off.';

export const REVISION_MESSAGES = {
  feedbackRequired: 'Feedback required: Please explain what the earner should change.',
  reviewClosed: (until: Date) => `Review of this task closed on ${until.toISOString()}: changes can no longer be requested.`,
  notYours: 'Only the earner who submitted this proof can revise it',
  notRequested: (status: string) => `Changes were not requested on this submission (it is ${status.replace('_', ' ')})`,
  tooLate: (by: Date) => `The time to resubmit ended on ${by.toISOString()}`,
  expired: (by: Date) => `Rejected: changes were requested and no revision was submitted by ${by.toISOString()}.`,
  expiredAtCutOff: (until: Date) =>
    `Rejected at the review cut-off (${until.toISOString()}): changes were requested and no revision was submitted in time. ${CUT_OFF_IS_FINAL}`,
} as const;
