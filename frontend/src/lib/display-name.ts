/** First 6 and last 4 characters of a wallet address (spec part 2 §9). */
export function shortAddress(address: string): string {
  return address.length > 10 ? `${address.slice(0, 6)}...${address.slice(-4)}` : address;
}

/** A user's name; without one, the spec's temporary "user_" + characters 3 to 8 of the lowercased wallet. */
export function displayName(user: { username: string | null; walletAddress: string | null; id: number }): string {
  if (user.username) return user.username;
  if (user.walletAddress) return `user_${user.walletAddress.toLowerCase().slice(2, 8)}`;
  return `User ${user.id}`;
}
