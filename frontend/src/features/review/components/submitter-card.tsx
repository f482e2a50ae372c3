import { Avatar, HStack, Stack, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { EarnerRecordFacts } from '@/components/creator-record';
import { AvatarRoot } from '@/components/ui/avatar';
import { displayName } from '@/lib/display-name';
import type { Submitter } from '../api';

/** Who submitted, for the reviewer (issue 22): name, avatar, the full wallet (copy, explorer) and their record as an earner. */
export function SubmitterCard({ submitter }: { submitter: Submitter }) {
  const name = displayName(submitter);
  return (
    <Stack gap="2">
      <HStack gap="3" align="flex-start">
        <AvatarRoot size="md">
          <Avatar.Fallback name={name} />
          {submitter.profileImage && <Avatar.Image src={submitter.profileImage} alt={`${name}'s profile picture`} />}
        </AvatarRoot>
        <Stack gap="0.5" minW="0">
          <Text fontWeight="semibold">Submitted by {name}</Text>
          <Text fontSize="xs" color="gray.700">User #{submitter.id}</Text>
          {submitter.walletAddress
            ? <ChainRef kind="address" value={submitter.walletAddress} full label="Submitter's wallet" />
            : <Text fontSize="xs" color="gray.700">No wallet linked</Text>}
        </Stack>
      </HStack>
      <EarnerRecordFacts record={submitter.record} />
    </Stack>
  );
}
