/** Marks one of the user's notifications read (`notificationId`: its id, a decimal string). */
export class MarkNotificationReadCommand {
  constructor(readonly userId: number, readonly notificationId: string) {}
}
