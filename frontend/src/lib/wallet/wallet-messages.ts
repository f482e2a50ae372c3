/** The spec's wallet texts (part 1 §5 and §8). */
export const WALLET_MESSAGES = {
  noWalletMobile: 'Please open this website in the mobile browser of the wallet app or install the app.',
  noWalletDesktop: 'Wallet extension not detected. Please install the wallet extension.',
  addNetworkFailed: 'Failed to add the network to your wallet. Please add it manually.',
  switchNetworkFailed: 'Failed to switch to the network. Please switch manually in your wallet.',
  notDetected: 'Wallet not detected. Please install the wallet extension.',
  connectFailedTitle: 'Failed to connect wallet',
  unknownError: 'Unknown error',
  connectedTitle: 'Wallet connected',
  connectedText: 'Your wallet has been successfully connected.',
  disconnectedTitle: 'Wallet disconnected',
} as const;
