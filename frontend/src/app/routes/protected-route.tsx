import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { SignInActions } from '@/features/auth/components/sign-in-actions';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * A spinner while the user record loads; the page when a user exists. A visitor is asked to sign in right here,
 * at the address they asked for, and sees that page once signed in (issue 21: a silent redirect to / lost it).
 */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <SignInRequired />;
  return <Outlet />;
}

function SignInRequired() {
  return (
    <Card.Root maxW="lg" mx="auto" mt={{ base: '4', md: '10' }}>
      <Card.Body gap="4" alignItems="center" textAlign="center">
        <Heading as="h1" size="xl">
          Sign in to continue
        </Heading>
        <Text color="gray.700">Connect your wallet or sign in with your password; this page opens once you are signed in.</Text>
        <Stack direction="row" justify="center">
          <SignInActions />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
