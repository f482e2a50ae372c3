import type { components } from './api.generated';

/** GET /api/tasks/:id/escrow (backend/src/escrow/escrow.view.ts): the chain's view of a task's escrow next to the app's.
 * Derived from the OpenAPI document (npm run api:types), so the backend's view is the one home of these shapes. */
type Schemas = components['schemas'];

export type EscrowOnChain = Schemas['EscrowOnChainView'];
export type EscrowAppClaims = Schemas['EscrowAppView'];
export type EscrowAnomaly = Schemas['EscrowAnomalyView'];
export type EscrowEvent = Schemas['EscrowEventView'];
export type EscrowPayout = Schemas['EscrowPayoutView'];
export type EscrowAudit = Schemas['EscrowAuditView'];
