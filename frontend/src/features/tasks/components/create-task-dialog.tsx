import { useEffect, useRef, useState } from 'react';
import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/http-error';
import { formatBaseUnits } from '@/lib/money';
import type { Task } from '@/types/api';
import { useCreateTaskMutation } from '../api';
import { fundingTerms } from '../funding/funding-terms';
import { useFundTask } from '../hooks/use-fund-task';
import { toNewTask } from '../task-schema';
import { CreateTaskForm } from './create-task-form';
import { FundingStepper } from './funding-stepper';
import { DialogRoot } from '@/components/ui/dialog';

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
  const amount = fundingTerms(task, null)?.amount ?? '0';
  return (
    <Stack gap="5">
      <Text>
        Escrow <strong>{formatBaseUnits(amount)} CENT</strong> ({task.reward} CENTS × {task.maxCompletions} completions) for “{task.title}”.
      </Text>
      <FundingStepper state={state} amount={amount} />
      <HStack justify="flex-end" gap="3">
        {state.step === 'seen' ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={state.running}>
              Fund later
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
    <DialogRoot open onOpenChange={(e) => !e.open && onClose()} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside" placement="center" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
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
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
