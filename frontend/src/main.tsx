import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/provider';
import { AppRoutes, preloadPage } from './app/router';
import { makeStore } from './app/store';
import { system } from './app/system';

preloadPage(window.location.pathname);

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
