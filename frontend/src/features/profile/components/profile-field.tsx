import type { ReactNode } from 'react';
import { Box, Text } from '@chakra-ui/react';

/** One labelled field of a profile card (Bio, Email): a small bold label over its text; `preWrap` keeps line breaks. */
export function ProfileField({ label, preWrap, children }: { label: string; preWrap?: boolean; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold">{label}</Text>
      <Text whiteSpace={preWrap ? 'pre-wrap' : undefined}>{children}</Text>
    </Box>
  );
}
