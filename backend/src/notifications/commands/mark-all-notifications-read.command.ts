/** Marks every notification the user has now read; ones arriving later stay unread. */
export class MarkAllNotificationsReadCommand {
  constructor(readonly userId: number) {}
}
