import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogRoot } from '@/components/ui/dialog';
import type { Task } from '@/types/api';
import { FundTaskPanel } from './create-task-dialog';

/** "Fund" on a saved task: the funding stepper in its own dialog. */
export function FundTaskDialog({ task, onClose }: { task: Task; onClose(): void }) {
  return (
    <DialogRoot open onOpenChange={(e) => !e.open && onClose()} placement="center" size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Fund your task</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <FundTaskPanel task={task} onClose={onClose} />
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
