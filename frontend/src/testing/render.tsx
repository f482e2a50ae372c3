import type { ReactElement } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { makeStore } from '@/app/store';
import { system } from '@/app/system';

/** Renders a component inside the app's real Chakra system, Redux store and a memory router at `url`. */
export function renderWithApp(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const store = makeStore();
  const location: { current: Location | null } = { current: null };
  function LocationProbe() {
    location.current = useLocation();
    return null;
  }
  const utils = render(
    <ChakraProvider value={system}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </Provider>
    </ChakraProvider>,
  );
  return { ...utils, store, location };
}
