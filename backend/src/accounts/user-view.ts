import { UserRecord } from '../users/users.read-repository';

/** The User entity of the spec as JSON, minus the password (hash): what the signed-in user sees of themself. */
export interface UserJson {
  id: number;
  username: string | null;
  email?: string | null;
  walletAddress: string | null;
  bio: string | null;
  isAdmin: boolean;
  profileImage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Own account (GET /api/user, sign-in answers, profile updates): every field but the password hash. */
export function selfView(u: UserRecord): UserJson {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    walletAddress: u.walletAddress,
    bio: u.bio,
    isAdmin: u.isAdmin,
    profileImage: u.profileImage,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

/** Someone else's account (GET /api/users/:id): public fields; the email only for admins. */
export function publicView(u: UserRecord, viewer: UserRecord | undefined): UserJson {
  const { email, ...rest } = selfView(u);
  return viewer && (viewer.id === u.id || viewer.isAdmin) ? { ...rest, email } : rest;
}
