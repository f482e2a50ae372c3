import { Badge } from '@chakra-ui/react';
import type { SubmissionStatus } from '@/types/api';

const PALETTE: Record<SubmissionStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

export function StatusBadge({ status }: { status: SubmissionStatus | null | undefined }) {
  const s = status ?? 'pending';
  return <Badge colorPalette={PALETTE[s]} textTransform="capitalize">{s}</Badge>;
}
