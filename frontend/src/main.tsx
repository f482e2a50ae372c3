import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/provider';
import { AppRoutes, preloadPage } from './app/router';
import { makeStore } from './app/store';
import { system } from './app/system';

// How long the first render waits for the opened page's chunk (modulepreloaded by index.html, so normally there
// by the time this entry has run); past it the shell renders with the page's spinner, as it would without it.
const PAGE_CHUNK_WAIT_MS = 1000;

// The opened page renders with the shell's first paint (its heading is the phone's LCP on /tasks) instead of a
// spinner first and the page ≥ 300 ms later (React's fallback throttle): see app/lazy-page.ts.
void Promise.race([
  preloadPage(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, PAGE_CHUNK_WAIT_MS)),
]).then(render);

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ChakraProvider value={system}>
        <Provider store={makeStore()}>
          <BrowserRouter>
            <AppProviders>
              <AppRoutes />
            </AppProviders>
          </BrowserRouter>
        </Provider>
      </ChakraProvider>
    </StrictMode>,
  );
}
