import { Box, Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link, useSearchParams } from 'react-router';
import { useFeaturedTasksQuery } from '@/features/tasks/api';
import { TaskCard } from '@/features/tasks/components/task-card';
import { WalletSignInButton } from '@/features/auth/components/wallet-sign-in-button';
import { useAuth } from '@/lib/auth/auth-context';
import { CreateTaskButton } from '../layout/create-task-button';

const BENEFITS = [
  { title: 'Earn Rewards', text: 'Get paid in CENT for every approved task, straight from escrow to your wallet.' },
  { title: 'Secure & Transparent', text: 'Every reward is locked in an on-chain escrow before a task is listed. Anyone can audit it.' },
  { title: 'Global Community', text: 'Creators and earners from everywhere, working together on tasks that matter.' },
];

function FeaturedTasks({ signedIn }: { signedIn: boolean }) {
  const featured = useFeaturedTasksQuery();
  const [, setParams] = useSearchParams();
  const open = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('id', String(id));
      return next;
    });
  return (
    <Stack as="section" aria-labelledby="featured-title" gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" id="featured-title" size="2xl">
          Featured Tasks
        </Heading>
        <Button asChild variant="outline">
          <Link to="/tasks">View All Tasks</Link>
        </Button>
      </HStack>
      {featured.isLoading ? (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" aria-busy="true" aria-label="Loading tasks">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h="72" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : featured.data?.length ? (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {featured.data.map((t) => (
            <TaskCard key={t.id} task={t} onOpen={open} />
          ))}
        </SimpleGrid>
      ) : (
        <Card.Root>
          <Card.Body alignItems="center" textAlign="center" py="12" gap="3">
            <Heading as="h3" size="lg">
              No Tasks Yet
            </Heading>
            <Text color="gray.600">{featured.isError ? 'Tasks could not be loaded right now.' : 'New tasks will appear here as soon as they are funded.'}</Text>
            {signedIn && <CreateTaskButton label="Create First Task" />}
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

export function LandingPage() {
  const { user } = useAuth();
  return (
    <Stack gap={{ base: '12', md: '16' }}>
      <Stack as="section" align="center" textAlign="center" gap="6" py={{ base: '6', md: '12' }}>
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} maxW="3xl" lineHeight="1.1">
          Complete Tasks, Earn Crypto
        </Heading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.600" maxW="2xl">
          Browse tasks, submit proof, get paid directly to your wallet.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild size="lg">
            <Link to="/tasks">Start Earning</Link>
          </Button>
          {user && <CreateTaskButton size="lg" variant="outline" />}
        </Stack>
      </Stack>

      <SimpleGrid as="section" aria-label="Benefits" columns={{ base: 1, md: 3 }} gap="6">
        {BENEFITS.map((b) => (
          <Card.Root key={b.title}>
            <Card.Body gap="2">
              <Heading as="h2" size="lg">
                {b.title}
              </Heading>
              <Text color="gray.600">{b.text}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <FeaturedTasks signedIn={!!user} />

      <Box as="section" bg="purple.700" color="white" rounded="2xl" p={{ base: '8', md: '12' }} textAlign="center">
        <Stack align="center" gap="5">
          <Heading as="h2" size="2xl">
            Ready to start?
          </Heading>
          <Text maxW="xl" color="purple.100">
            Join creators and earners who get things done and get paid in CENT.
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            {user ? (
              <Button asChild size="lg" bg="white" color="purple.800" _hover={{ bg: 'purple.50' }}>
                <Link to="/tasks">Browse Tasks</Link>
              </Button>
            ) : (
              <WalletSignInButton size="lg" bg="white" color="purple.800" _hover={{ bg: 'purple.50' }} />
            )}
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
              <Link to="/leaderboard">View Leaderboard</Link>
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Stack>
  );
}
