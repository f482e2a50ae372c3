import { Dialog } from '@chakra-ui/react';
import { DialogFrame } from '@/components/ui/dialog';
import type { Task } from '@/types/api';
import { FundTaskPanel } from './create-task-dialog';

/** "Fund" on a saved task: the funding stepper in its own dialog. */
export function FundTaskDialog({ task, onClose }: { task: Task; onClose(): void }) {
  return (
    <DialogFrame onClose={onClose} placement="center" size={{ base: 'full', md: 'lg' }}>
      <Dialog.Header>
        <Dialog.Title>Fund your task</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <FundTaskPanel task={task} onClose={onClose} />
      </Dialog.Body>
    </DialogFrame>
  );
}
