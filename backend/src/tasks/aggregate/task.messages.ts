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
  notCreator: 'Only the creator of this task can change it',
} as const;

export interface Reviewer {
  id: number;
  isAdmin: boolean;
}
