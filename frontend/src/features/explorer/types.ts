import type { components } from '@/types/api.generated';

/** JSON of GET /api/explorer/... (backend/src/explorer/explorer.views.ts), from the OpenAPI document (npm run api:types). */
type Schemas = components['schemas'];

/** A decoded value (the backend's explorer-abi.ts): the document describes it one level deep, it nests. */
export type ArgValue = string | boolean | ArgValue[] | { [name: string]: ArgValue };

export type DecodedArg = Schemas['DecodedArg'];
export type ExplorerTx = Schemas['ExplorerTxView'];
export type ExplorerBlock = Schemas['ExplorerBlockView'];
export type ExplorerAddress = Schemas['ExplorerAddressView'];
export type ExplorerToken = Schemas['ExplorerTokenView'];
export type ExplorerLatest = Schemas['ExplorerLatestView'];
export type Transfer = Schemas['TransferItem'];
export type TransferPage = Schemas['TransferPage'];
export type ContractSource = Schemas['ContractSourceView'];
export type DeploymentVerification = Schemas['DeploymentVerificationView'];
