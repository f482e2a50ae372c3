import type { TestProject } from 'vitest/node';
import { E2E_ADMIN_ADDRESS } from './actors';
import { startProduct, type ProductInfo } from './product.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    product: ProductInfo;
  }
}

/** One real product for the whole journey run (started once; each journey makes its own users and tasks). */
export default async function setup(project: TestProject) {
  // The journeys' admin wallet (e2e/actors.ts) is made admin the operator's way: ADMIN_WALLETS.
  const product = await startProduct({ ADMIN_WALLETS: E2E_ADMIN_ADDRESS });
  project.provide('product', product.info);
  return () => product.stop();
}
