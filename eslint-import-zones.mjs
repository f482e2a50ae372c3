// The import zones of issue 23, for import-x/no-restricted-paths: which folder may import which. Paths are
// relative to the repository root; imports are compared by the file they resolve to, so `@/features/x`,
// `../x` and `@cent/backend` are all checked. Feature lists are read from disk, so a new feature folder is
// covered without editing this file.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const subfolders = (root, dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const topLevelEntries = (root, dir) => readdirSync(path.join(root, dir)).filter((name) => !name.startsWith('.'));

/** bulletproof-react: features stand alone, src/app composes them, shared code knows neither. */
function frontendZones(root) {
  const features = 'frontend/src/features';
  const shared = ['lib', 'components', 'hooks', 'types', 'utils'].map((dir) => `frontend/src/${dir}`);
  return [
    ...subfolders(root, features).map((feature) => ({
      target: `${features}/${feature}`,
      from: features,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: compose them in src/app (routes, dialogs, layout), or move what both need to src/lib or src/components.',
    })),
    {
      target: features,
      from: 'frontend/src/app',
      message: 'Features never import src/app: the app composes features, not the other way round.',
    },
    {
      target: shared,
      from: [features, 'frontend/src/app'],
      message: 'Shared code (src/lib, src/components, src/hooks, src/types, src/utils) never imports a feature or src/app.',
    },
    {
      target: 'frontend/src/lib',
      from: 'frontend/src/components',
      message: 'src/lib never imports src/components: UI that needs both belongs in src/components or src/app.',
    },
  ];
}

/** The indexer uses the backend as a package: its public entry and its test kit, nothing else. */
function indexerZones() {
  return [
    {
      target: 'indexer',
      from: 'backend',
      except: ['./src/index.ts', './test/index.ts'],
      message: "The indexer reaches the backend only through '@cent/backend' and '@cent/backend/testing'; export what it needs from backend/src/index.ts.",
    },
  ];
}

/**
 * Backend feature folders (backend/src/<feature>) share their commands, queries, views and events, but not
 * their HTTP layer (controllers, request DTOs in dto/) nor their command handlers (registered by the feature's
 * own module; others send the command through the CommandBus). The root app.module.ts mounts the controllers.
 */
function backendZones(root) {
  const src = 'backend/src';
  const entries = topLevelEntries(root, src);
  return subfolders(root, src).flatMap((feature) => {
    const others = entries.filter((name) => name !== feature).map((name) => `${src}/${name}`);
    return [
      {
        target: others,
        from: [`${src}/${feature}/**/*.handler.ts`],
        message: `A command handler is registered by its own feature's module; send its command through the CommandBus instead (${feature}).`,
      },
      {
        target: others,
        from: [`${src}/${feature}/**/dto/**`],
        message: `Request DTOs belong to their feature's HTTP layer (${feature}/dto); share the rule (a constant, a validator) from a module outside dto/.`,
      },
      {
        target: others.filter((file) => file !== `${src}/app.module.ts`),
        from: [`${src}/${feature}/**/*.controller.ts`],
        message: `Controllers are mounted by their feature's module or app.module.ts, never imported by another feature (${feature}).`,
      },
    ];
  });
}

export function importZones(root) {
  return [...frontendZones(root), ...indexerZones(), ...backendZones(root)];
}
