import { Avatar, Badge, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { CreatorRecordFacts, EarnerRecordFacts } from '@/components/creator-record';
import { AvatarRoot } from '@/components/ui/avatar';
import { useUserRecordQuery } from '@/lib/creator-record-api';
import { displayName } from '@/lib/display-name';
import { usePublicUserQuery } from '../api';
import { ProfileField } from './profile-field';

/** /users/:id: anyone's public profile with their record as a creator and as an earner (issue 22). */
export function PublicProfile({ userId }: { userId: number }) {
  const { data: user, isLoading, isError } = usePublicUserQuery(userId);
  const records = useUserRecordQuery(userId);
  if (isLoading) return <Spinner aria-label="Loading the profile" />;
  if (isError || !user) {
    return (
      <Stack gap="2">
        <Heading as="h1" size="2xl">User not found</Heading>
        <Text>This profile does not exist or could not be loaded.</Text>
      </Stack>
    );
  }
  const name = displayName(user);
  return (
    <Stack gap="6" maxW="2xl">
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <HStack gap="4" align="flex-start">
              <AvatarRoot size="2xl">
                <Avatar.Fallback name={name} />
                {user.profileImage && <Avatar.Image src={user.profileImage} alt={`${name}'s profile picture`} />}
              </AvatarRoot>
              <Stack gap="1" minW="0">
                <HStack gap="2">
                  <Heading as="h1" size="xl">{name}</Heading>
                  {user.isAdmin && <Badge colorPalette="purple">Admin</Badge>}
                </HStack>
                {user.walletAddress && <ChainRef kind="address" value={user.walletAddress} label="Wallet" />}
              </Stack>
            </HStack>
            <ProfileField label="Bio" preWrap>{user.bio || 'No bio yet'}</ProfileField>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Stack gap="2">
        <Heading as="h2" size="md">Record as a creator</Heading>
        <CreatorRecordFacts userId={userId} label="Record as a creator" />
      </Stack>
      <Stack gap="2">
        <Heading as="h2" size="md">Record as an earner</Heading>
        {records.data ? <EarnerRecordFacts record={records.data.asEarner} label="Record as an earner" /> : records.isError
          ? <Text fontSize="sm" color="red.700">The record could not be loaded.</Text> : <Spinner size="sm" aria-label="Loading the record" />}
      </Stack>
    </Stack>
  );
}
