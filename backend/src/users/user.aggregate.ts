import { badRequest, conflict, notFound } from '../common/domain-error';
import { Aggregate, DomainEvent } from '../event-store/aggregate';
import { UniqueKeyReservation } from '../event-store/stream-append';
import * as E from './user.events';
import { isWalletAddress } from '../common/wallet-address';

const U = E.UserEvents;

export interface UserState {
  username: string | null;
  walletAddress: string | null;
  isAdmin: boolean;
}

export const USERNAME_RE = /^[A-Za-z0-9_]{3,20}$/;
export const USER_MESSAGES = {
  notFound: 'User not found',
  invalidUsername: 'Please enter a username with at least 3 characters',
  usernameTaken: 'This username is already taken',
  walletTaken: 'This wallet address is already linked to another account',
  otherWalletLinked: 'A different wallet is already linked to this account',
  invalidWallet: 'Invalid wallet address',
} as const;

export const walletKey = (address: string): UniqueKeyReservation => ({ kind: 'wallet', value: address.toLowerCase() });
export const usernameKey = (name: string): UniqueKeyReservation => ({ kind: 'username', value: name.toLowerCase() });

/**
 * A user. Wallet address and username are unique across users (case-insensitive): the handlers reserve
 * them in the event store's unique_keys table in the same transaction as the append (`reservations`).
 */
export class UserAggregate extends Aggregate<UserState> {
  /** Keys to reserve / release with the pending events. */
  readonly reserve: UniqueKeyReservation[] = [];
  readonly release: UniqueKeyReservation[] = [];

  static streamId(id: number): string {
    return `user-${id}`;
  }

  get streamId(): string {
    return UserAggregate.streamId(this.id);
  }

  protected initialState(): UserState {
    return { username: null, walletAddress: null, isAdmin: false };
  }

  protected evolve(s: UserState, e: DomainEvent): UserState {
    const d = e.data;
    switch (e.type) {
      case U.UserRegistered:
        return { ...s, username: d.username, walletAddress: d.walletAddress };
      case U.WalletLinked:
        return { ...s, walletAddress: d.walletAddress };
      case U.UsernameSet:
        return { ...s, username: d.username };
      case U.AdminGranted:
        return { ...s, isAdmin: true };
      default:
        return s;
    }
  }

  private mustExist(): void {
    if (!this.exists) throw notFound(USER_MESSAGES.notFound);
  }

  register(input: Omit<E.UserRegisteredData, 'userId' | 'registeredAt'>, now: Date): void {
    if (this.exists) throw conflict(`User ${this.id} exists already`);
    if (input.username !== null && !USERNAME_RE.test(input.username)) throw badRequest(USER_MESSAGES.invalidUsername);
    if (input.walletAddress !== null && !isWalletAddress(input.walletAddress)) throw badRequest(USER_MESSAGES.invalidWallet);
    if (input.username) this.reserve.push(usernameKey(input.username));
    if (input.walletAddress) this.reserve.push(walletKey(input.walletAddress));
    this.raise<E.UserRegisteredData>(U.UserRegistered, { ...input, userId: this.id, registeredAt: now.toISOString() });
  }

  linkWallet(address: string, now: Date): void {
    this.mustExist();
    if (!isWalletAddress(address)) throw badRequest(USER_MESSAGES.invalidWallet);
    const current = this.state.walletAddress;
    if (current && current.toLowerCase() === address.toLowerCase()) return;
    if (current) throw conflict(USER_MESSAGES.otherWalletLinked);
    this.reserve.push(walletKey(address));
    this.raise<E.WalletLinkedData>(U.WalletLinked, { userId: this.id, walletAddress: address, linkedAt: now.toISOString() });
  }

  setUsername(username: string): void {
    this.mustExist();
    if (!USERNAME_RE.test(username)) throw badRequest(USER_MESSAGES.invalidUsername);
    if (this.state.username === username) return;
    if (this.state.username && this.state.username.toLowerCase() !== username.toLowerCase()) {
      this.release.push(usernameKey(this.state.username));
    }
    this.reserve.push(usernameKey(username));
    this.raise<E.UsernameSetData>(U.UsernameSet, { userId: this.id, username });
  }

  updateProfile(input: Omit<E.ProfileUpdatedData, 'userId'>): void {
    this.mustExist();
    this.raise<E.ProfileUpdatedData>(U.ProfileUpdated, { ...input, userId: this.id });
  }

  grantAdmin(grantedBy: string): void {
    this.mustExist();
    if (this.state.isAdmin) return;
    this.raise<E.AdminGrantedData>(U.AdminGranted, { userId: this.id, grantedBy });
  }
}
