import { api } from '@/lib/api';
import type { PublicConfig } from '@/types/api';

const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicConfig: build.query<PublicConfig, void>({ query: () => '/api/config', keepUnusedDataFor: Infinity }),
  }),
});

/** The deployment's chain, contracts, explorer and external links (GET /api/config). */
export const usePublicConfig = () => configApi.usePublicConfigQuery().data;
export const publicConfigEndpoint = configApi.endpoints.publicConfig;
