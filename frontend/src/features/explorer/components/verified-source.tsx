import { useState } from 'react';
import { Alert, Box, Button, Code, Heading, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { AlertRoot } from '@/components/ui/alert';
import { NativeSelectRoot } from '@/components/ui/native-select';
import { formatDate } from '@/lib/dates';
import { errorText } from '@/lib/http-error';
import { useDeploymentVerificationQuery, useExplorerSourceQuery } from '../api';
import type { DeploymentVerification } from '../types';

/** While the server's verify-deployment run is going, its answer is asked for this often. */
const CHECKING_POLL_MS = 3000;

/** A contract this deployment created: the server's verify-deployment answer and the recorded source files. */
export function VerifiedSource({ address }: { address: string }) {
  const first = useDeploymentVerificationQuery();
  useDeploymentVerificationQuery(undefined, { skip: first.data?.state !== 'checking', pollingInterval: CHECKING_POLL_MS });
  const source = useExplorerSourceQuery(address);
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">Contract source</Heading>
      <VerificationResult v={first.data} address={address} loading={first.isLoading} />
      {source.isLoading ? <Spinner aria-label="Loading the source" /> : source.error ? (
        <Text color="red.700" role="alert">{errorText(source.error, 'The source cannot be shown.')}</Text>
      ) : source.data && (
        <SourceFiles name={source.data.contractName} compiler={source.data.compilerVersion} settings={source.data.settings}
          sources={source.data.input.sources} main={source.data.sourceName} input={source.data.input} />
      )}
    </Stack>
  );
}

function VerificationResult({ v, address, loading }: { v?: DeploymentVerification; address: string; loading: boolean }) {
  if (loading || !v) return <Spinner aria-label="Loading the verification" />;
  const mine = v.contracts.find((c) => c.address.toLowerCase() === address.toLowerCase());
  const status = v.state === 'checking' ? 'checking' : v.state === 'unavailable' ? 'unavailable' : mine?.status ?? v.result;
  const ok = status === 'match';
  return (
    <AlertRoot status={status === 'checking' ? 'info' : status === 'unavailable' ? 'warning' : ok ? 'success' : 'error'} data-testid="verification">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {status === 'checking' ? 'Verifying: recompiling the recorded source and comparing it with the code on chain…'
            : status === 'unavailable' ? `Could not verify: ${v.message}`
            : ok ? 'Verified: the recorded source compiles to the code on chain (match)'
            : `Not verified: the code on chain differs from the recorded source (${status})`}
        </Alert.Title>
        <Alert.Description>
          <Text fontSize="sm">
            Result of <Code fontSize="xs">{v.command}</Code>, run by the server{v.checkedAt ? ` on ${formatDate(v.checkedAt)} at ${new Date(v.checkedAt).toISOString().slice(11, 19)} UTC` : ''}
            {v.exitCode !== null && ` (exit ${v.exitCode})`}. Run it yourself from the repository with RPC_URL set to this chain.
          </Text>
          {mine?.detail && <Text fontSize="sm">{mine.detail}</Text>}
          {v.output && (
            <Box as="details" fontSize="sm" mt="1">
              <Box as="summary" cursor="pointer">Output</Box>
              <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="xs" p="2">{v.output}</Code>
            </Box>
          )}
        </Alert.Description>
      </Alert.Content>
    </AlertRoot>
  );
}

function SourceFiles({ name, compiler, settings, sources, main, input }: {
  name: string; compiler: string; settings: Record<string, unknown>; sources: Record<string, { content: string }>; main: string; input: unknown;
}) {
  const files = Object.keys(sources);
  const [file, setFile] = useState(main);
  const download = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(input, null, 2)], { type: 'application/json' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: `${name}.standard-input.json` });
    a.click();
    URL.revokeObjectURL(url);
  };
  const optimizer = settings.optimizer as { enabled?: boolean; runs?: number } | undefined;
  return (
    <Stack gap="2" fontSize="sm">
      <Text>
        <strong>{name}</strong> · solc <Code fontSize="xs">{compiler}</Code>
        {optimizer && ` · optimizer ${optimizer.enabled ? `on, ${optimizer.runs} runs` : 'off'}`}
        {typeof settings.evmVersion === 'string' && ` · EVM ${settings.evmVersion}`} · {files.length} source files
      </Text>
      <HStack gap="2" wrap="wrap" align="end">
        <NativeSelectRoot size="sm" w={{ base: 'full', md: 'lg' }}>
          <NativeSelect.Field aria-label="Source file" value={file} onChange={(e) => setFile(e.target.value)}>
            {files.map((f) => <option key={f} value={f}>{f}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelectRoot>
        <Button size="sm" variant="outline" onClick={download}>Download standard-JSON input</Button>
      </HStack>
      <Code as="pre" display="block" whiteSpace="pre" overflow="auto" maxH="md" p="3" fontSize="xs" bg="gray.100" borderRadius="md" tabIndex={0} aria-label={`Source of ${file}`} data-testid="source-file">
        {sources[file]?.content}
      </Code>
    </Stack>
  );
}
