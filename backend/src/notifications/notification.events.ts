/** Events of a user's notifications stream (`notifications-{userId}`): what they have read. */
export const NotificationEvents = {
  NotificationRead: 'NotificationRead',
  AllNotificationsRead: 'AllNotificationsRead',
} as const;

export const notificationsStream = (userId: number) => `notifications-${userId}`;

export interface NotificationReadData {
  userId: number;
  /** The notification's id: the global position of the event it is about (decimal string). */
  notificationId: string;
}

export interface AllNotificationsReadData {
  userId: number;
  /** Everything up to this notification id was read; later ones stay unread (decimal string). */
  upTo: string;
}
