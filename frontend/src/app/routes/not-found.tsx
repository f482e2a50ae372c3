import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" textAlign="center" py="20" gap="4">
      <Heading as="h1" size="3xl">
        404 Page Not Found
      </Heading>
      <Text color="gray.600">The page you are looking for does not exist.</Text>
      <Button asChild>
        <Link to="/">Go Home</Link>
      </Button>
    </Stack>
  );
}
