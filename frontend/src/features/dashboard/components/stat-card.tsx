import type { ReactNode } from 'react';
import { Card, Text } from '@chakra-ui/react';

export function StatCard({ label, value, help }: { label: string; value: ReactNode; help?: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text fontSize="sm" color="gray.700">{label}</Text>
        <Text fontSize="2xl" fontWeight="bold">{value}</Text>
        {help && <Text fontSize="sm" color="gray.700">{help}</Text>}
      </Card.Body>
    </Card.Root>
  );
}
