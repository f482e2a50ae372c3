import { Card, Text } from '@chakra-ui/react';

/** One headline figure of the admin console: its label, the value and a line saying what it counts. */
export function FigureCard({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text fontSize="sm" color="gray.700">{label}</Text>
        <Text fontSize="2xl" fontWeight="bold">{value}</Text>
        <Text fontSize="sm" color="gray.700">{help}</Text>
      </Card.Body>
    </Card.Root>
  );
}
