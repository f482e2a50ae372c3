import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/http-error';
import { formatBaseUnits } from '@/lib/money';
import { useCentBalance } from '@/lib/wallet/cent-balance';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { Task } from '@/types/api';
import { useCreateTaskMutation } from '../api';
import { fundingTerms } from '../funding/funding-terms';
import { useFundTask } from '../hooks/use-fund-task';
import { toNewTask } from '../task-schema';
import { CreateTaskForm } from './create-task-form';
import { FundingStepper } from './funding-stepper';
import { DialogFrame } from '@/components/ui/dialog';

/** Funding view of a saved task: the stepper, and Fund / Close actions. Shared by Create Task and "Fund". */
export function FundTaskPanel({ task, onClose, autoStart }: { task: Task; onClose(): void; autoStart?: boolean }) {
  const { state, fund } = useFundTask();
  const started = useRef(false);
  useEffect(() => {
    if (autoStart && !started.current) {
      started.current = true;
      void fund(task);
    }
  }, [autoStart, fund, task]);
  const terms = fundingTerms(task, null);
  const amount = terms?.amount ?? '0';
  const wallet = useWallet();
  // Shown before signing (issue 21), read again once the funding is confirmed.
  const balance = useCentBalance(wallet.isConnected ? wallet : null, terms?.tokenAddress, wallet.address, state.step === 'confirmed');
  // Confirmed on chain = the money is in escrow; waiting for the app to list it needs nobody, so it may close.
  const confirmed = state.step === 'confirmed';
  return (
    <Stack gap="5">
      <Text>
        Escrow <strong>{formatBaseUnits(amount)} CENT</strong> ({task.reward} CENTS × {task.maxCompletions} completions) for “{task.title}”.
      </Text>
      <Text fontSize="sm" color={balance !== null && balance < BigInt(amount) ? 'red.700' : 'gray.700'} data-testid="cent-balance">
        {balance === null
          ? wallet.isConnected
            ? 'Reading your CENT balance…'
            : 'Your wallet connects when you fund; its CENT balance is checked first.'
          : `Your wallet holds ${formatBaseUnits(balance)} CENT.`}
      </Text>
      <FundingStepper state={state} amount={amount} />
      <HStack justify="flex-end" gap="3">
        {state.step === 'seen' ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={state.running && !confirmed}>
              {confirmed ? 'Close' : 'Fund later'}
            </Button>
            <Button onClick={() => void fund(task)} loading={state.running} loadingText="Funding...">
              {state.error ? 'Try again' : 'Fund task'}
            </Button>
          </>
        )}
      </HStack>
    </Stack>
  );
}

/** Create Task: the form, then the funding of the saved task (DESIGN: the backend records it first). */
export function CreateTaskDialog({ onClose }: { onClose(): void }) {
  const [createTask] = useCreateTaskMutation();
  const [saved, setSaved] = useState<Task | null>(null);
  return (
    <DialogFrame onClose={onClose} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside" placement="center" closeOnInteractOutside={false}>
      <Dialog.Header>
        <Dialog.Title>{saved ? 'Fund your task' : 'Create Task'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body pb="6">
        {saved ? (
          <FundTaskPanel task={saved} onClose={onClose} autoStart />
        ) : (
          <CreateTaskForm
            onCancel={onClose}
            onSubmit={async (values) => {
              try {
                const task = await createTask(toNewTask(values)).unwrap();
                toaster.create({ type: 'success', title: 'Task Created', description: 'Your task is saved. Now escrow its reward.' });
                setSaved(task);
              } catch (e) {
                toaster.create({ type: 'error', title: 'Failed to create task', description: errorText(e, 'Failed to create task') });
              }
            }}
          />
        )}
      </Dialog.Body>
    </DialogFrame>
  );
}
