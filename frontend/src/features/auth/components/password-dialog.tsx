import { useState } from 'react';
import { Button, Dialog, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useAuth } from '@/lib/auth/auth-context';
import { DialogShell } from '@/components/ui/dialog';
import { CloseX } from './close-x';

type Mode = 'login' | 'register';

/** Username + password sign-in and registration (spec part 1 §7: POST /api/login and /api/register). */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { login, register } = useAuth();
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const user =
      mode === 'login'
        ? await login({ username, password })
        : await register({ username, password, ...(email ? { email } : {}) });
    setBusy(false);
    if (user) onClose();
  };

  return (
    <DialogShell open={open} onClose={onClose} placement="center">
      <Dialog.Header>
        <Dialog.Title>{mode === 'login' ? 'Sign in with a password' : 'Create an account'}</Dialog.Title>
      </Dialog.Header>
      <CloseX />
      <Dialog.Body>
        <HStack mb="4" gap="2" role="group" aria-label="Account">
          {(['login', 'register'] as const).map((m) => (
            <Button key={m} flex="1" variant={mode === m ? 'solid' : 'outline'} aria-pressed={mode === m} onClick={() => setMode(m)}>
              {m === 'login' ? 'I have an account' : 'Create an account'}
            </Button>
          ))}
        </HStack>
        <form
          id="password-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="4">
            <Field.Root required>
              <Field.Label>Username</Field.Label>
              <Input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
            </Field.Root>
            {mode === 'register' && (
              <Field.Root>
                <Field.Label>Email (optional)</Field.Label>
                <Input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </Field.Root>
            )}
            <Field.Root required>
              <Field.Label>Password</Field.Label>
              <Input
                name="password"
                type="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {mode === 'register' && <Field.HelperText>At least 8 characters</Field.HelperText>}
            </Field.Root>
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="submit" form="password-form" loading={busy} disabled={!username || !password}>
          {mode === 'login' ? 'Sign in' : 'Register'}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
