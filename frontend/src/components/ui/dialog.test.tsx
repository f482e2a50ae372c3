import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Dialog } from '@chakra-ui/react';
import { renderWithApp } from '@/testing/render';
import ToasterView from './toaster-view';
import { DialogFrame, DialogShell } from './dialog';

/**
 * A page that opens the frame and closes it when the frame says so, as the app's dialogs are used; with the
 * toast region the dialog keeps usable (`persistentElements`), as the app always renders it.
 */
function Page() {
  const [open, setOpen] = useState(true);
  const [closes, setCloses] = useState(0);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <p>closed {closes} times</p>
      {open && (
        <DialogFrame onClose={() => { setOpen(false); setCloses((n) => n + 1); }} placement="center">
          <Dialog.Header>
            <Dialog.Title>Fund your task</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>The body</Dialog.Body>
        </DialogFrame>
      )}
      <ToasterView />
    </>
  );
}

describe('DialogFrame', () => {
  it('shows its children in an open dialog and closes through its close button and Escape', async () => {
    renderWithApp(<Page />);

    const dialog = await screen.findByRole('dialog', { name: 'Fund your task' });
    expect(dialog.textContent).toContain('The body');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('closed 1 times')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Fund your task' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('closed 2 times')).toBeTruthy();
  });

  it('DialogShell follows its open prop and has no close button of its own', async () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <DialogShell open={open} onClose={() => setOpen(false)} placement="center">
            <Dialog.Header>
              <Dialog.Title>Choose a wallet</Dialog.Title>
            </Dialog.Header>
          </DialogShell>
          <ToasterView />
        </>
      );
    }
    renderWithApp(<Controlled />);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a wallet' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
