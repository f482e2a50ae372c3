import { api } from '@/lib/api';
import type {
  ContractSource, DeploymentVerification, ExplorerAddress, ExplorerBlock, ExplorerLatest, ExplorerToken, ExplorerTx, TransferPage,
} from './types';

const tag = (id: string) => [{ type: 'Explorer' as const, id }];

/** The built-in explorer's reads (GET /api/explorer/...): chain data, so no mutation ever invalidates them. */
export const explorerApi = api.injectEndpoints({
  endpoints: (build) => ({
    explorerLatest: build.query<ExplorerLatest, void>({ query: () => '/api/explorer/latest', providesTags: tag('latest'), keepUnusedDataFor: 5 }),
    explorerTx: build.query<ExplorerTx, string>({ query: (hash) => `/api/explorer/tx/${hash}`, providesTags: (_r, _e, hash) => tag(`tx-${hash}`) }),
    explorerBlock: build.query<ExplorerBlock, string>({ query: (n) => `/api/explorer/block/${n}`, providesTags: (_r, _e, n) => tag(`block-${n}`) }),
    explorerAddress: build.query<ExplorerAddress, string>({
      query: (a) => `/api/explorer/address/${a}`, providesTags: (_r, _e, a) => tag(`address-${a}`), keepUnusedDataFor: 10,
    }),
    explorerTransfers: build.query<TransferPage, { address: string; token?: boolean; before?: string | null }>({
      query: ({ address, token, before }) =>
        `/api/explorer/${token ? 'token' : 'address'}/${address}/transfers${before ? `?before=${encodeURIComponent(before)}` : ''}`,
      providesTags: (_r, _e, q) => tag(`transfers-${q.address}-${q.before ?? 'head'}`),
      keepUnusedDataFor: 10,
    }),
    explorerSource: build.query<ContractSource, string>({ query: (a) => `/api/explorer/address/${a}/source`, providesTags: (_r, _e, a) => tag(`source-${a}`) }),
    explorerToken: build.query<ExplorerToken, string>({ query: (a) => `/api/explorer/token/${a}`, providesTags: (_r, _e, a) => tag(`token-${a}`) }),
    deploymentVerification: build.query<DeploymentVerification, void>({ query: () => '/api/explorer/verification', providesTags: tag('verification') }),
  }),
});

export const {
  useExplorerLatestQuery, useExplorerTxQuery, useExplorerBlockQuery, useExplorerAddressQuery, useExplorerTransfersQuery,
  useExplorerSourceQuery, useExplorerTokenQuery, useDeploymentVerificationQuery,
} = explorerApi;
