import { Badge, Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { MenuRoot } from '@/components/ui/menu';
import { formatDate } from '@/lib/dates';
import { useGetNotificationsQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '../api';
import { notificationLink, notificationText } from '../notification-text';

/** The header's bell: the unread count, and the newest notifications in a menu (kept fresh by the live stream). */
export function NotificationBell() {
  const navigate = useNavigate();
  const { data } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll] = useMarkAllNotificationsReadMutation();
  const unread = data?.unreadCount ?? 0;
  const items = data?.items ?? [];
  return (
    // MenuRoot, not Menu.Root: the menu recipe (panel background, shadow) is not in the app's system.
    <MenuRoot>
      <Menu.Trigger asChild>
        <Button variant="ghost" px="2" position="relative" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}>
          {/* An inline bell, not the emoji: a browser without an emoji font drew an empty box. */}
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </svg>
          {unread > 0 && (
            <Badge data-testid="unread-count" colorPalette="red" variant="solid" rounded="full" position="absolute" top="0" right="0" fontSize="2xs" px="1.5">
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content w={{ base: 'calc(100vw - 2rem)', sm: 'sm' }} maxH="md" overflowY="auto">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Notifications</Menu.ItemGroupLabel>
              {items.length === 0 && (
                <Box px="2" py="3" color="fg.muted" fontSize="sm">
                  No notifications yet
                </Box>
              )}
              {items.map((n) => (
                <Menu.Item
                  key={n.id}
                  value={n.id}
                  alignItems="start"
                  flexDirection="column"
                  gap="0.5"
                  onSelect={() => {
                    if (!n.read) void markRead(n.id);
                    navigate(notificationLink(n));
                  }}
                >
                  <Text fontSize="sm" fontWeight={n.read ? 'normal' : 'semibold'} whiteSpace="normal">
                    {notificationText(n)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatDate(n.createdAt)}
                    {n.read ? '' : ' · unread'}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            {unread > 0 && (
              <>
                <Menu.Separator />
                <Menu.Item value="read-all" onSelect={() => void markAll()}>
                  Mark all as read
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </MenuRoot>
  );
}
