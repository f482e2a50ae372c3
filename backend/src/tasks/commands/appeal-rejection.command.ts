/** The earner appeals a rejection (once), with a message for the admins. */
export class AppealRejectionCommand {
  constructor(readonly userId: number, readonly submissionId: number, readonly message: string | null) {}
}
