import { useState } from 'react';
import { Button, Dialog, Field, Input } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/http-error';
import { USERNAME_HINT, USERNAME_INVALID, USERNAME_RE } from '../username';
import { DialogShell } from '@/components/ui/dialog';

/** Opens on a user's first wallet login: save a username or "Skip for now". */
export function UsernameDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [username, setUsername] = useState('');
  const [save, { isLoading }] = authApi.useUpdateUsernameMutation();

  const submit = async () => {
    if (!USERNAME_RE.test(username)) {
      toaster.create({ type: 'error', title: 'Invalid username', description: USERNAME_INVALID });
      return;
    }
    try {
      await save({ username }).unwrap();
      toaster.create({ type: 'success', title: 'Username set successfully' });
      onClose();
    } catch (e) {
      toaster.create({ type: 'error', title: 'Failed to set username', description: errorText(e, 'Unknown error occurred') });
    }
  };

  return (
    <DialogShell open={open} onClose={onClose} placement="center">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Dialog.Header>
          <Dialog.Title>Choose a username</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Field.Root>
            <Field.Label>Username</Field.Label>
            <Input value={username} maxLength={20} autoFocus onChange={(e) => setUsername(e.target.value.trim())} placeholder="e.g. cent_builder" />
            <Field.HelperText>{USERNAME_HINT}</Field.HelperText>
          </Field.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="ghost" onClick={onClose}>
            Skip for now
          </Button>
          <Button type="submit" disabled={username.length < 3} loading={isLoading}>
            Save username
          </Button>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
