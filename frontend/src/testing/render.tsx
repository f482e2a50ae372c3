import type { ReactElement } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '@/app/store';
import { system } from '@/app/system';

/** Renders a component inside the app's real Chakra system, Redux store and a memory router at `url`. */
export function renderWithApp(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const store = makeStore();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const utils = render(
    <ChakraProvider value={system}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </ChakraProvider>,
  );
  return { ...utils, store, router };
}
