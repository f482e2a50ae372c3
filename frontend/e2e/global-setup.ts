import type { TestProject } from 'vitest/node';
import { startProduct, type ProductInfo } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    product: ProductInfo;
  }
}

/** One real product for the whole journey run (started once; each journey makes its own users and tasks). */
export default async function setup(project: TestProject) {
  const product = await startProduct();
  project.provide('product', product.info);
  return () => product.stop();
}
