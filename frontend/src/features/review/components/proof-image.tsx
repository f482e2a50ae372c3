import { useState } from 'react';
import { Box, Button, Image, Stack, Text } from '@chakra-ui/react';
import { ExternalLink } from '@/components/ui/external-link';
import { useLazyCheckFileQuery } from '../api';
import { withRetryStamp } from '../proof';

/**
 * A proof image at most 450 px high. When it cannot load: "Image Not Available" / "File may have been removed",
 * a "Reload Image" button that retries with a timestamp, and the server is asked whether the file exists.
 */
export function ProofImage({ url }: { url: string }) {
  const [src, setSrc] = useState(url);
  const [failed, setFailed] = useState(false);
  const [checkFile, check] = useLazyCheckFileQuery();

  if (failed) {
    return (
      <Stack align="center" gap="2" p="6" borderWidth="1px" borderRadius="md" bg="gray.100" textAlign="center" role="group" aria-label="Image Not Available">
        <Text fontWeight="semibold">Image Not Available</Text>
        <Text fontSize="sm" color="gray.700">
          File may have been removed
        </Text>
        {check.data && !check.data.exists && (
          <Text fontSize="sm" color="gray.700" data-testid="file-missing">
            The server no longer has this file.
          </Text>
        )}
        <Button size="sm" variant="outline" onClick={() => { setSrc(withRetryStamp(url, Date.now())); setFailed(false); }}>
          Reload Image
        </Button>
      </Stack>
    );
  }
  return (
    <Box>
      <Image
        src={src}
        alt="Submitted proof image"
        maxH="450px"
        maxW="full"
        objectFit="contain"
        borderRadius="md"
        onError={() => {
          setFailed(true);
          void checkFile(url, true);
        }}
      />
      {/* The preview is capped at 450 px: the reviewer can open the image at its own size in a new tab. */}
      <ExternalLink href={url} aria-label="Open full size: the proof image" fontSize="sm" color="purple.700">
        Open full size
      </ExternalLink>
    </Box>
  );
}
