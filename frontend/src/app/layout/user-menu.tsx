import { Avatar, Button, Menu, Portal } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context';
import { displayName } from '@/lib/display-name';
import type { User } from '@/types/api';
import { MenuRoot } from '@/components/ui/menu';
import { AvatarRoot } from '@/components/ui/avatar';

/** The signed-in user's menu: Profile, Admin (admins only), Logout. */
export function UserMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const name = displayName(user);
  return (
    <MenuRoot>
      <Menu.Trigger asChild>
        <Button variant="ghost" px="2" aria-label={`Account menu for ${name}`}>
          <AvatarRoot size="xs" colorPalette="purple">
            <Avatar.Fallback name={name} />
            {user.profileImage && <Avatar.Image src={user.profileImage} alt="" />}
          </AvatarRoot>
          {name}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" onSelect={() => navigate('/profile')}>
              Profile
            </Menu.Item>
            {user.isAdmin && (
              <Menu.Item value="admin" onSelect={() => navigate('/admin')}>
                Admin
              </Menu.Item>
            )}
            <Menu.Item value="logout" onSelect={() => void logout()}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </MenuRoot>
  );
}
