import { Alert, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { AlertRoot } from '@/components/ui/alert';
import { ExternalLink } from '@/components/ui/external-link';
import { usePublicConfig } from '@/lib/config/config-api';
import { formatBaseUnits } from '@/lib/money';
import type { FundState } from '../hooks/use-fund-task';
import { ChainRef } from '@/components/chain-ref';

const STEPS = ['saved', 'signature', 'sent', 'confirmed', 'seen'] as const;

/** The visible funding progress: saved → signature → sent (explorer link) → confirmed → seen by the app. */
export function FundingStepper({ state, amount }: { state: FundState; amount: string }) {
  const config = usePublicConfig();
  const done = state.step === 'seen';
  // A step is complete once the next one started; the last one when the app has seen the funding.
  const current = state.step === 'idle' ? 0 : STEPS.indexOf(state.step);
  const explorerTx = state.txHash && config?.explorerUrl ? `${config.explorerUrl}/tx/${state.txHash}` : null;
  const labels: Record<(typeof STEPS)[number], { title: string; text: string }> = {
    saved: { title: 'Saved', text: 'Your task is saved and awaiting funding.' },
    signature: {
      title: 'Signature',
      text:
        state.method === 'approve'
          ? 'Approve the escrow to take your CENT, then confirm the funding transaction.'
          : `Sign the permit for ${formatBaseUnits(amount)} CENT in your wallet.`,
    },
    sent: { title: 'Sent', text: state.txHash ? 'Transaction' : 'Waiting for the transaction.' },
    confirmed: { title: 'Confirmed', text: 'The escrow holds your reward.' },
    seen: {
      title: 'Seen by the app',
      text:
        state.step === 'confirmed' && state.running
          ? 'Waiting for the app to read the funding from the chain before it lists your task. You can close this dialog: it is listed as soon as it is seen.'
          : 'Your task is funded and listed.',
    },
  };
  return (
    <Stack gap="4">
      <Box as="ol" aria-label="Funding progress" listStyleType="none" m="0" p="0">
        {STEPS.map((s, i) => {
          const complete = done || i < current;
          const active = !done && i === current;
          return (
            <Flex as="li" key={s} gap="3" pb="3" data-step={s} data-complete={complete || undefined} aria-current={active ? 'step' : undefined}>
              <Flex
                flexShrink={0}
                w="7"
                h="7"
                rounded="full"
                align="center"
                justify="center"
                fontSize="sm"
                fontWeight="bold"
                bg={complete ? 'purple.600' : active ? 'purple.100' : 'gray.100'}
                color={complete ? 'white' : active ? 'purple.800' : 'gray.700'}
                borderWidth={active ? '2px' : '0'}
                borderColor="purple.600"
                aria-hidden="true"
              >
                {complete ? '✓' : i + 1}
              </Flex>
              <Box>
                <Text fontWeight="semibold">
                  {labels[s].title}
                  <Box as="span" srOnly>
                    {complete ? ' (done)' : active ? ' (in progress)' : ''}
                  </Box>
                </Text>
                <Text fontSize="sm" color="gray.700">
                  {labels[s].text}
                  {s === 'sent' && state.txHash && (
                    <>
                      {' '}
                      <ChainRef kind="tx" value={state.txHash} />
                    </>
                  )}
                  {s === 'sent' && explorerTx && (
                    <>
                      {' '}
                      <ExternalLink href={explorerTx} color="purple.700" textDecoration="underline">
                        View on explorer
                      </ExternalLink>
                    </>
                  )}
                </Text>
              </Box>
            </Flex>
          );
        })}
      </Box>
      {state.error && (
        // role="alert": the failure appears while the person looks at their wallet; screen readers announce it.
        <AlertRoot status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{state.error}</Alert.Description>
        </AlertRoot>
      )}
      {done && (
        <Text color="green.700" fontWeight="semibold" role="status">
          Funded: your task is live.
        </Text>
      )}
    </Stack>
  );
}
