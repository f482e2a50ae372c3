import type { ReactNode } from 'react';
import { Alert, Spinner } from '@chakra-ui/react';
import { AlertRoot } from '@/components/ui/alert';
import { ExternalLink } from '@/components/ui/external-link';
import { usePublicConfig } from '@/lib/config/config-api';
import { errorText, isApiError } from '@/lib/http-error';

/** Loading, the server's reason for a failure (404 unknown, 400 malformed, 503 chain down), or the content. */
export function QueryState<T>({ q, what, children }: { q: { data?: T; isLoading: boolean; error?: unknown }; what: string; children: (data: T) => ReactNode }) {
  const config = usePublicConfig();
  if (q.isLoading) return <Spinner aria-label={`Loading ${what}`} />;
  if (q.data !== undefined) return <>{children(q.data)}</>;
  // With EXPLORER_URL set the built-in explorer does not exist: say where explorer links go instead.
  const off = isApiError(q.error) && q.error.status === 404 && q.error.serverMessage === 'Not found';
  return (
    <AlertRoot status={off ? 'info' : 'error'} role={off ? 'status' : 'alert'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {off ? 'This deployment uses another block explorer.' : errorText(q.error, `The ${what} cannot be shown.`)}
        </Alert.Title>
        {off && config && (
          <Alert.Description>
            Explorer links go to <ExternalLink href={config.explorerUrl ?? '#'} color="purple.700">{config.explorerUrl}</ExternalLink>.
          </Alert.Description>
        )}
      </Alert.Content>
    </AlertRoot>
  );
}
