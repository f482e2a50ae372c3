import { useCallback, useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { authApi } from '@/lib/auth/auth-api';
import { displayName } from '@/lib/display-name';
import { errorText } from '@/lib/http-error';
import type { DiscoveredWallet } from '@/lib/wallet/eip1193';
import { signMessage } from '@/lib/wallet/sign-message';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { User } from '@/types/api';

/**
 * Sign-In with Ethereum: connect, ask the server for the challenge message (it builds the EIP-4361 text),
 * personal_sign it, send it to /api/auth/web3. Resolves the user whose first login it was (username dialog).
 * `use` is the wallet the person picked in the connect dialog.
 */
export function useWalletSignIn() {
  const wallet = useWallet();
  const [challenge] = authApi.useChallengeMutation();
  const [web3Login] = authApi.useWeb3LoginMutation();
  const [busy, setBusy] = useState(false);

  const signIn = useCallback(async (use?: DiscoveredWallet): Promise<User | null> => {
    setBusy(true);
    try {
      let address: string;
      try {
        address = await wallet.connect({ quiet: true, use });
      } catch (e) {
        toaster.create({ type: 'error', title: 'Wallet connection failed', description: errorText(e, 'Unknown error connecting wallet') });
        return null;
      }
      let message: string;
      try {
        message = (await challenge(address).unwrap()).message;
      } catch (e) {
        toaster.create({ type: 'error', title: 'Authentication failed', description: errorText(e, 'Unknown error during authentication') });
        return null;
      }
      let signature: string;
      try {
        signature = await signMessage(wallet, address, message);
      } catch {
        toaster.create({ type: 'error', title: 'Signature Failed', description: 'Failed to sign authentication message. Please try again.' });
        return null;
      }
      try {
        const user = await web3Login({ walletAddress: address, signature, message }).unwrap();
        // A first sign-in is a welcome, not a "welcome back" (the spec's text is for returning users).
        const greeting = user.isFirstLogin ? 'Welcome' : 'Welcome back';
        toaster.create({ type: 'success', title: 'Authentication successful', description: `${greeting}, ${displayName(user)}!` });
        return user.isFirstLogin ? user : null;
      } catch (e) {
        toaster.create({ type: 'error', title: 'Authentication failed', description: errorText(e, 'Unknown error during authentication') });
        return null;
      }
    } finally {
      setBusy(false);
    }
  }, [wallet, challenge, web3Login]);

  return { signIn, busy };
}
