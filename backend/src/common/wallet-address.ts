/**
 * A wallet address as the app accepts it: `0x` and 40 hex digits in any case. The EIP-55 checksum is not
 * required because wallets and users type addresses in lower case too. The one definition for DTOs, config,
 * aggregates and the operator CLI.
 */
export const WALLET_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export const isWalletAddress = (value: string): boolean => WALLET_ADDRESS_PATTERN.test(value);
