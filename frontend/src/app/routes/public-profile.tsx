import { useParams } from 'react-router';
import { PublicProfile } from '@/features/profile/components/public-profile';
import { NotFoundPage } from './not-found';

export function PublicProfilePage() {
  const { userId } = useParams();
  const id = Number(userId);
  if (!/^[1-9][0-9]{0,9}$/.test(userId ?? '') || id > 2_147_483_647) return <NotFoundPage />;
  return <PublicProfile userId={id} />;
}

export const Component = PublicProfilePage;
