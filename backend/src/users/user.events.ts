/** Every event of a user stream (`user-{id}`). */
export const UserEvents = {
  UserRegistered: 'UserRegistered',
  WalletLinked: 'WalletLinked',
  UsernameSet: 'UsernameSet',
  ProfileUpdated: 'ProfileUpdated',
  AdminGranted: 'AdminGranted',
} as const;

export interface UserRegisteredData {
  userId: number;
  method: 'wallet' | 'password';
  username: string | null;
  walletAddress: string | null;
  email: string | null;
  /** A slow salted hash (argon2id), never the password. */
  passwordHash: string | null;
  registeredAt: string;
}

export interface WalletLinkedData {
  userId: number;
  walletAddress: string;
  linkedAt: string;
}

export interface UsernameSetData {
  userId: number;
  username: string;
}

export interface ProfileUpdatedData {
  userId: number;
  bio: string | null;
  email: string | null;
  /** Absent: unchanged. */
  profileImage?: string | null;
}

export interface AdminGrantedData {
  userId: number;
  grantedBy: string;
}
