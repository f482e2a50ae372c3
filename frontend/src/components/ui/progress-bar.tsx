import { Box } from '@chakra-ui/react';

/**
 * A plain progress bar (percent 0–100). Not Chakra's Progress: that one runs a state machine we do not
 * need, and the task card is on the first paint (entry bundle budget).
 */
export function ProgressBar({ value, label, color = 'purple', pulse = false }: { value: number; label: string; color?: string; pulse?: boolean }) {
  const percent = Math.max(0, Math.min(100, value));
  return (
    <Box role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label} h="2" bg="gray.200" rounded="full" overflow="hidden">
      <Box h="full" w={`${percent}%`} bg={`${color}.500`} rounded="full" animation={pulse ? 'pulse 1.5s ease-in-out infinite' : undefined} />
    </Box>
  );
}
