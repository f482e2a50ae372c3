import { ProfileView } from '@/features/profile/components/profile-view';

export function ProfilePage() {
  return <ProfileView />;
}

export const Component = ProfilePage;
